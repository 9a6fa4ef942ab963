import { LoaderOverlay } from '../components/loader.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { ConfirmationPanel } from '../features/orders/confirmation-panel.tsx';
import { useLocation } from '../lib/router/index.ts';

/** Order confirmation (docs/product.md#confirmation). */
export function ConfirmationPage() {
  const { user, loading } = useSession();
  const state = useLocation().state as { orderNumber?: unknown } | null;
  const orderNumber = typeof state?.orderNumber === 'string' ? state.orderNumber : null;
  return (
    <div className="page container narrow">
      <LoaderOverlay active={loading} />
      {user ? (
        <ConfirmationPanel orderNumber={orderNumber} userId={user.id} />
      ) : (
        !loading && <LoginNeeded what="your order" />
      )}
    </div>
  );
}
