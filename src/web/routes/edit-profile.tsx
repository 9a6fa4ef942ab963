import { PAGE } from '../../common/page-paths.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { ProfileForm } from '../features/accounts/profile-form.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { goBack } from '../lib/go-back.ts';
import { useNavigate } from '../lib/router/index.ts';

/** Edit Profile (docs/product.md#accounts): on success, back one page. */
export function EditProfilePage() {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  return (
    <div className="page container">
      <LoaderOverlay active={loading} />
      {user ? (
        <ProfileForm key={user.id} user={user} onSuccess={() => goBack(navigate, PAGE.profile)} />
      ) : (
        !loading && <LoginNeeded what="your profile" />
      )}
    </div>
  );
}
