import type { OrderView } from '../../../common/schemas/order.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Link } from '../../lib/router/index.ts';
import { OrderCard } from './order-card.tsx';
import { useOrders } from './orders-api.ts';
import './orders.css';
import { LoadError } from '../../components/load-error.tsx';

/** What an empty list says (issue 34 item 15: it said "No products in cart"), with a way to shop. */
const EMPTY: Record<'open' | 'delivered', string> = {
  open: 'You have no open orders.',
  delivered: 'You have no delivered orders yet.',
};

/** Your Orders (open) or History (delivered), newest first (docs/product.md#your-orders-and-history). */
export function OrdersList({ view, userId }: { view: Extract<OrderView, 'open' | 'delivered'>; userId: string }) {
  const { data, error, loading, reload } = useOrders(view, userId);
  if (!data) {
    return (
      <>
        <LoaderOverlay active={loading} label="Loading your orders…" />
        <LoadError message={error} onRetry={reload} />
      </>
    );
  }
  if (data.orders.length === 0) {
    return (
      <div className="panel orders-empty">
        <p>{EMPTY[view]}</p>
        <Link className="btn btn-gold" to="/product">
          Explore watches
        </Link>
      </div>
    );
  }
  return (
    <div className="orders-list">
      {data.orders.map((order) => (
        <OrderCard key={order.number} order={order} userId={userId} />
      ))}
    </div>
  );
}
