import { useState } from 'react';
import { formatRupees } from '../../../common/money.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { PriceDetails } from '../../components/price-details.tsx';
import { Link } from '../../lib/router/index.ts';
import { CartLineRow } from './cart-line-row.tsx';
import type { CartState } from './use-cart.ts';
import './cart.css';
import { LoadError } from '../../components/load-error.tsx';

/** Cart (docs/product.md#cart): lines, price details, CHECKOUT (sticky on mobile), empty state. */
export function CartView({ state, onCheckout }: { state: CartState; onCheckout: () => void }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const { cart, loading, error } = state;

  if (!cart) {
    return (
      <>
        <LoaderOverlay active={loading} label="Loading your cart…" />
        <LoadError message={error} onRetry={state.reload} />
      </>
    );
  }
  if (cart.lines.length === 0) return <EmptyCart />;

  const change = async (productId: string, action: () => Promise<void>) => {
    setBusyId(productId);
    await action();
    setBusyId(null);
  };
  const blocked = cart.lines.some((l) => !l.available);
  const checkout = (
    <button type="button" className="btn btn-gold btn-block" disabled={blocked || busyId !== null} onClick={onCheckout}>
      Checkout
    </button>
  );

  return (
    <div className="cart-layout">
      <section aria-label="Watches in your cart">
        <Message text={state.actionError} onClose={state.clearActionError} />
        <ul className="cart-lines">
          {cart.lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              busy={busyId === line.productId}
              onQuantity={(q) => change(line.productId, () => state.setQuantity(line.productId, q))}
              onRemove={() => change(line.productId, () => state.remove(line.productId))}
            />
          ))}
        </ul>
      </section>
      <aside className="cart-summary">
        <PriceDetails totals={cart.totals} showAdvance />
        {blocked && (
          <p className="cart-blocked" role="status">
            Remove the unavailable watches to check out.
          </p>
        )}
        <div className="cart-checkout-wide">{checkout}</div>
      </aside>
      <div className="cart-checkout-bar">
        <span>
          Total <strong>{formatRupees(cart.totals.total)}</strong>
        </span>
        {checkout}
      </div>
    </div>
  );
}

export function EmptyCart({ text = 'No products in cart' }: { text?: string }) {
  return (
    <div className="panel cart-empty">
      <p>{text}</p>
      <Link className="btn btn-gold" to="/product">
        Explore
      </Link>
    </div>
  );
}
