import { LoaderOverlay } from '../components/loader.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { OrdersList } from '../features/orders/orders-list.tsx';

/** History (docs/product.md#your-orders-and-history): delivered orders only, newest first. */
export function HistoryPage() {
  const { user, loading } = useSession();
  return (
    <div className="page container narrow">
      <h1>Order History</h1>
      <LoaderOverlay active={loading} />
      {user ? <OrdersList view="delivered" userId={user.id} /> : !loading && <LoginNeeded what="your order history" />}
    </div>
  );
}
