import { checkPasswordChange, PASSWORD_MESSAGES } from '../../common/password-change-rules.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { TextField } from '../components/text-field.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { NewPasswordField } from '../features/accounts/new-password-field.tsx';
import { changePassword } from '../features/accounts/rights-api.ts';
import { useSession } from '../features/accounts/session.tsx';
import { useForm } from '../lib/forms/use-form.ts';
import { Link } from '../lib/router/index.ts';
import '../features/accounts/accounts.css';
import { PAGE } from '../../common/page-paths.ts';

/**
 * Change password (docs/product.md#account-rights): the current one and a new one by the
 * sign-up rule. Every other device is logged out; this one stays.
 */
export function ChangePasswordPage() {
  const { user, loading } = useSession();
  return (
    <div className="page container">
      <LoaderOverlay active={loading} />
      {user ? <ChangePasswordForm /> : !loading && <LoginNeeded what="your account" />}
    </div>
  );
}

function ChangePasswordForm() {
  const form = useForm({
    id: 'change-password',
    initial: { currentPassword: '', newPassword: '' },
    check: checkPasswordChange,
    send: (data) => changePassword(data),
    success: PASSWORD_MESSAGES.changed,
    reset: true,
  });
  return (
    // Posted to this page's own address when the script has not taken it over (common/account-forms.ts).
    <form className="account-form panel" method="post" action="/change-password" onSubmit={form.submit} noValidate>
      <h1>Change password</h1>
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        showError={false}
        {...form.field('currentPassword')}
      />
      <NewPasswordField name="newPassword" {...form.field('newPassword')} />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
        Change password
      </button>
      <p className="account-switch">
        <Link to={PAGE.profile}>Back to your account</Link>
      </p>
      <LoaderOverlay active={form.busy} label="Changing your password…" />
    </form>
  );
}
