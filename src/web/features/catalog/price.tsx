/** Selling price with the MRP struck through when there is a discount (₹ in Indian grouping). */
import { formatRupees, percentOff } from '../../../common/money.ts';

export function Price({
  price,
  discountPrice,
  showOff = false,
}: {
  price: number;
  discountPrice: number;
  showOff?: boolean;
}) {
  const off = percentOff(price, discountPrice);
  return (
    <p className="catalog-price">
      <span className="price">{formatRupees(discountPrice)}</span>
      {off > 0 && (
        <>
          <s className="mrp">
            <span className="visually-hidden">MRP </span>
            {formatRupees(price)}
          </s>
          {showOff && <span className="catalog-off">{off}% off</span>}
        </>
      )}
    </p>
  );
}
