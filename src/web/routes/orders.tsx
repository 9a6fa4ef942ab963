import { LoaderOverlay } from '../components/loader.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { OrdersList } from '../features/orders/orders-list.tsx';

/** Your Orders (docs/product.md#your-orders-and-history): every order not yet delivered, newest first. */
export function OrdersPage() {
  const { user, loading } = useSession();
  return (
    <div className="page container narrow">
      <h1>Your Orders</h1>
      <LoaderOverlay active={loading} />
      {user ? <OrdersList view="open" userId={user.id} /> : !loading && <LoginNeeded what="your orders" />}
    </div>
  );
}
