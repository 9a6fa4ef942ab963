import { LoaderOverlay } from '../components/loader.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { MessagePreferencesPanel } from '../features/accounts/message-preferences.tsx';
import { ProfileView } from '../features/accounts/profile-view.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { clearVisitorCart } from '../features/cart/visitor-cart.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';

/**
 * Your Account (docs/product.md#accounts). LOG OUT also clears what this browser kept locally
 * (docs/product.md#states-and-transitions).
 */
export function ProfilePage() {
  const { user, loading } = useSession();
  return (
    <div className="page container narrow">
      <LoaderOverlay active={loading} />
      {user ? (
        <>
          <ProfileView
            user={user}
            onLoggedOut={() => {
              clearVisitorCart();
              local.remove(STORAGE_KEYS.search);
            }}
          />
          <MessagePreferencesPanel />
        </>
      ) : (
        !loading && <LoginNeeded what="your account" />
      )}
    </div>
  );
}
