import type { OrderView } from '../../../common/schemas/order.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Link } from '../../lib/router/index.ts';
import { OrderCard } from './order-card.tsx';
import { useOrders } from './orders-api.ts';
import './orders.css';
import { LoadError } from '../../components/load-error.tsx';

/**
 * Your Orders (open) or History (delivered), newest first; the empty state is the cart's
 * (docs/product.md#your-orders-and-history).
 */
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
        <p>No products in cart</p>
        <Link className="btn btn-gold" to="/product">
          Explore
        </Link>
      </div>
    );
  }
  return (
    <div className="orders-list">
      {data.orders.map((order) => (
        <OrderCard key={order.number} order={order} />
      ))}
    </div>
  );
}
