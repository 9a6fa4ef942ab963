import { Link } from '../../lib/router/index.ts';
import { useOrders } from './orders-api.ts';
import './orders.css';

/**
 * Confirmation (SPEC §2): ORDERED SUCCESSFULLY with the new order's id. The id
 * comes from checkout; opened directly, the shopper's latest order is shown.
 */
export function ConfirmationPanel({ orderId, userId }: { orderId: string | null; userId: string }) {
  const latest = useOrders('all', orderId === null ? userId : null);
  const id = orderId ?? latest.data?.orders[0]?.id ?? null;
  return (
    <div className="panel confirmation">
      <h1>ORDERED SUCCESSFULLY</h1>
      {id ? (
        <p>
          Order ID: <span className="confirmation-id">{id}</span>
        </p>
      ) : (
        latest.error && <p role="alert">{latest.error}</p>
      )}
      <p>THANK YOU FOR CHOOSING US!</p>
      <div className="confirmation-actions">
        <Link className="btn btn-gold" to="/">
          Home
        </Link>
        <Link className="btn btn-ghost" to="/product">
          Explore more
        </Link>
        <Link className="btn btn-ghost" to="/orders">
          Your orders
        </Link>
      </div>
    </div>
  );
}
