import { useState } from 'react';
import { DELETE_ACCOUNT_RULES } from '../../common/password-change-rules.ts';
import { checkForm } from '../../common/text-rules.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { TextField } from '../components/text-field.tsx';
import { LoginNeeded } from '../features/accounts/login-needed.tsx';
import { deleteAccount, downloadMyData } from '../features/accounts/rights-api.ts';
import { useSession } from '../features/accounts/session.tsx';
import { clearVisitorCart } from '../features/cart/visitor-cart.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { Link } from '../lib/router/index.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';
import { invalidate } from '../lib/use-resource.ts';
import { useShownResult } from '../lib/use-shown-result.ts';
import '../features/accounts/accounts.css';
import '../features/accounts/rights.css';
import { PAGE } from '../../common/page-paths.ts';

/**
 * Your data (docs/product.md#account-rights; DPDP Act 2023 s.11-12): download everything the
 * shop holds about you, or delete the account with your password.
 */
export function YourDataPage() {
  const { user, loading } = useSession();
  const [deleted, setDeleted] = useState(false);
  return (
    <div className="page container narrow">
      <LoaderOverlay active={loading} />
      {deleted ? (
        <AccountDeleted />
      ) : user ? (
        <>
          <DownloadData />
          <DeleteAccount onDeleted={() => setDeleted(true)} />
        </>
      ) : (
        !loading && <LoginNeeded what="your data" />
      )}
    </div>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  async function onDownload() {
    setBusy(true);
    try {
      await downloadMyData();
      setMessage({ text: 'Your data is downloaded.', tone: 'success' });
    } catch (err) {
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="panel rights-section" aria-labelledby="download-title">
      <h1 id="download-title">Your data</h1>
      <p>
        Download everything we keep about you: your profile, addresses, cart, orders with their history, and the watches
        you viewed, as one file (JSON) you can open or keep.
      </p>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <button type="button" className="btn btn-gold" onClick={onDownload} disabled={busy}>
        Download my data
      </button>
      <LoaderOverlay active={busy} label="Preparing your data…" />
    </section>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { refresh } = useSession();
  const [open, setOpen] = useState(false);
  const form = useForm({
    id: 'delete-account',
    initial: { password: '' },
    check: (values) => checkForm(DELETE_ACCOUNT_RULES, values),
    send: (data) => deleteAccount(data.password),
    defaultField: 'password',
    onSuccess: async () => {
      // What this browser kept goes too, as on log out (docs/product.md#states-and-transitions).
      clearVisitorCart();
      local.remove(STORAGE_KEYS.search);
      invalidate('');
      onDeleted();
      await refresh();
    },
  });
  return (
    <section className="panel rights-section rights-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>Deleting your account removes, for good:</p>
      <ul>
        <li>your name, email address, delivery addresses and password;</li>
        <li>your cart, the watches you viewed, and your log-ins on every device.</li>
      </ul>
      <p>
        Your phone number is freed: you can create a new account with it later. Your past orders stay in our records
        with the name, phone number and delivery address they were placed with: GST law makes us keep invoices and their
        records for 72 months after that year’s annual return (about 7 to 8 years). Our{' '}
        <Link to={PAGE.privacy}>privacy policy</Link> says more.
      </p>
      {open ? (
        <form onSubmit={form.submit} noValidate aria-label="Confirm deleting your account">
          <TextField
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            showError={false}
            {...form.field('password')}
          />
          <Message {...form.messageProps} />
          <div className="account-actions">
            <button type="submit" className="btn btn-danger" disabled={form.busy}>
              Delete my account for good
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} disabled={form.busy}>
              Keep my account
            </button>
          </div>
          <LoaderOverlay active={form.busy} label="Deleting your account…" />
        </form>
      ) : (
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      )}
    </section>
  );
}

function AccountDeleted() {
  const heading = useShownResult<HTMLHeadingElement>();
  return (
    <section className="panel rights-section" aria-labelledby="deleted-title">
      <h1 id="deleted-title" className="result-heading" tabIndex={-1} ref={heading}>
        Your account is deleted
      </h1>
      <p role="status">
        We removed your personal details and logged you out everywhere. Thank you for shopping with us.
      </p>
      <p className="account-actions">
        <Link className="btn btn-gold" to="/">
          Home
        </Link>
        <Link className="btn btn-ghost" to="/product">
          Browse watches
        </Link>
      </p>
    </section>
  );
}
