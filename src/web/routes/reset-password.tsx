import { useState } from 'react';
import { RESET_PASSWORD_RULES } from '../../common/password-change-rules.ts';
import { forgotPasswordText } from '../../common/password-reset.ts';
import type { ResetLinkInfo } from '../../common/schemas/account-rights.ts';
import { whatsappLink } from '../../common/site.ts';
import { checkForm } from '../../common/text-rules.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { NewPasswordField } from '../features/accounts/new-password-field.tsx';
import { readResetLink, setPasswordByLink } from '../features/accounts/rights-api.ts';
import { useSession } from '../features/accounts/session.tsx';
import { useForm } from '../lib/forms/use-form.ts';
import { Link, useParams } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
import { invalidate, useResource } from '../lib/use-resource.ts';
import '../features/accounts/accounts.css';
import { PAGE } from '../../common/page-paths.ts';

/** "4:35 pm": until when the link works, in the shopper's own clock. */
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * The page a one-time password link opens, /reset-password/{token} (docs/product.md#account-rights):
 * a new password by the sign-up rule; every device of that account is logged out.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const link = useResource<ResetLinkInfo>(done ? null : `reset-link:${token}`, (signal) =>
    readResetLink(token, signal),
  );
  // A link that is used, expired or unknown is no load failure to retry: it is the answer.
  const refused = link.error !== null && link.errorStatus !== null && link.errorStatus >= 400 && link.errorStatus < 500;
  return (
    <div className="page container">
      <LoaderOverlay active={link.loading && !link.data} />
      {done ? (
        <PasswordSet />
      ) : refused ? (
        <LinkRefused message={link.error as string} />
      ) : (
        <>
          <LoadError message={link.error} onRetry={link.reload} />
          {link.data && (
            <NewPasswordForm
              token={token}
              info={link.data}
              onDone={() => {
                invalidate(`reset-link:${token}`);
                setDone(true);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

function NewPasswordForm({ token, info, onDone }: { token: string; info: ResetLinkInfo; onDone: () => void }) {
  const { refresh } = useSession();
  const form = useForm({
    id: 'reset-password',
    initial: { password: '' },
    check: (values) => checkForm(RESET_PASSWORD_RULES, values),
    send: (data) => setPasswordByLink(token, data.password),
    defaultField: 'password',
    onSuccess: async () => {
      onDone();
      // This browser may have been logged in to that account: it no longer is.
      await refresh();
    },
  });
  return (
    <form className="account-form panel" onSubmit={form.submit} noValidate>
      <h1>Set a new password</h1>
      <p>
        For the account with phone number <strong>{info.number}</strong>. This link works once, until{' '}
        {timeFormat.format(new Date(info.expiresAt))}.
      </p>
      <NewPasswordField {...form.field('password')} />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
        Set new password
      </button>
      <LoaderOverlay active={form.busy} label="Setting your password…" />
    </form>
  );
}

function PasswordSet() {
  return (
    <section className="account-form panel" aria-labelledby="password-set-title">
      <h1 id="password-set-title">Your new password is set</h1>
      <p role="status">Every device was logged out. Please log in with your new password.</p>
      <p className="account-actions">
        <Link className="btn btn-gold" to={PAGE.login}>
          Login
        </Link>
      </p>
    </section>
  );
}

function LinkRefused({ message }: { message: string }) {
  return (
    <section className="account-form panel" aria-labelledby="link-refused-title">
      <h1 id="link-refused-title">This link does not work</h1>
      <p className="message message-error" role="alert">
        {message}
      </p>
      <p className="account-actions">
        <a
          className="btn btn-gold"
          href={whatsappLink(site().whatsapp, forgotPasswordText(''))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Ask for a new link on WhatsApp
        </a>
        <Link className="btn btn-ghost" to={PAGE.login}>
          Login
        </Link>
      </p>
    </section>
  );
}
