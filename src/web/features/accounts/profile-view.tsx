import { useState } from 'react';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link, useNavigate } from '../../lib/router/index.ts';
import { invalidate } from '../../lib/use-resource.ts';
import { logout } from './account-api.ts';
import { type SessionUser, useSession } from './session.tsx';
import './accounts.css';
import { PAGE } from '../../../common/page-paths.ts';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: PAGE.orders, label: 'Your orders' },
  { to: PAGE.history, label: 'Order history' },
  { to: PAGE.cart, label: 'Cart' },
  { to: PAGE.editProfile, label: 'Edit profile' },
  // docs/product.md#account-rights
  { to: PAGE.changePassword, label: 'Change password' },
  { to: PAGE.yourData, label: 'Your data: download or delete' },
  { to: PAGE.terms, label: 'Terms and conditions' },
  { to: PAGE.privacy, label: 'Privacy policy' },
  { to: PAGE.refunds, label: 'Return and refund policy' },
  { to: '/user-generated-content-policy', label: 'User generated content policy' },
  { to: '/disclaimer', label: 'Disclaimer' },
] as const;

/** Your Account (docs/product.md#accounts): details, addresses with Edit links, links, LOG OUT. */
export function ProfileView({ user, onLoggedOut }: { user: SessionUser; onLoggedOut: () => void }) {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onLogout() {
    setBusy(true);
    try {
      await logout();
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
      return;
    }
    onLoggedOut();
    invalidate('');
    await refresh();
    setBusy(false);
    void navigate('/');
  }

  return (
    <div className="panel">
      <h1>Your Account</h1>
      <dl className="account-details">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Phone number</dt>
        <dd>{user.number}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <h2>Addresses</h2>
      <ul className="account-addresses">
        {user.addresses.map((address, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list; addresses may repeat.
          <li key={i}>
            <span>{address}</span>
            <Link to={PAGE.editProfile} aria-label={`Edit address ${i + 1}`}>
              Edit
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label="Your account">
        <ul className="account-links">
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link className="chip" to={l.to}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Message text={error} onClose={() => setError(null)} />
      {/* A form of its own page: without the script it posts, and the server logs out (accounts/form-routes.ts). */}
      <form
        method="post"
        action={PAGE.profile}
        onSubmit={(event) => {
          event.preventDefault();
          void onLogout();
        }}
      >
        <button type="submit" className="btn btn-danger" disabled={busy}>
          Log out
        </button>
      </form>
      <LoaderOverlay active={busy} label="Logging out…" />
    </div>
  );
}
