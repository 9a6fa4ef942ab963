import { quantityChoices } from '../../../common/cart-rules.ts';
import { formatRupees } from '../../../common/money.ts';
import type { CartLine } from '../../../common/schemas/cart.ts';
import { cartRowName } from '../../../common/text.ts';
import { LinePicture } from '../../components/line-picture.tsx';
import { Link } from '../../lib/router/index.ts';

/**
 * One cart row: image, name (cut as docs/product.md#cart says), price, quantity 1-10 or fewer when
 * fewer are in stock, remove.
 */
export function CartLineRow({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const qtyId = `qty-${line.productId}`;
  return (
    <li className={`cart-line card${line.available ? '' : ' cart-line-unavailable'}`}>
      <Link to={line.path} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <LinePicture image={line.image} size={96} />
      </Link>
      <div className="cart-line-body">
        <Link to={line.path} className="cart-line-name" title={line.name}>
          {cartRowName(line.name)}
        </Link>
        <p className="cart-line-price">
          <span className="price">{formatRupees(line.discountPrice)}</span>
          {line.price > line.discountPrice && <span className="mrp">{formatRupees(line.price)}</span>}
        </p>
        {!line.available && (
          <p className="cart-line-note">
            <span className="badge badge-sale">Unavailable</span> Out of stock or no longer sold. Please remove it to
            check out.
          </p>
        )}
        <div className="cart-line-actions">
          <label htmlFor={qtyId}>Quantity</label>
          <select
            id={qtyId}
            value={line.quantity}
            disabled={busy || !line.available}
            onChange={(e) => onQuantity(Number(e.target.value))}
          >
            {quantityChoices(line.maxQuantity, line.quantity).map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-ghost cart-line-remove"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${line.name} from the cart`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
