import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../common/india-time.ts';
import {
  ADMIN_PASSWORD_MIN,
  type AdminAccount,
  changePasswordSchema,
  newAdminSchema,
} from '../../common/schemas/admin.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { TextField } from '../components/text-field.tsx';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useResource } from '../lib/use-resource.ts';
import { adminApi } from './admin-api.ts';

type Feedback = { text: string; tone: 'error' | 'success' } | null;

function firstIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

/**
 * Admins (docs/product.md#better-4): usernames with their times, never passwords; add an admin;
 * change your password.
 */
export function AdminsPage() {
  const { data, error, loading, reload } = useResource<{ admins: AdminAccount[] }>('admin:admins', (signal) =>
    adminApi.admins(signal),
  );
  return (
    <section aria-labelledby="adm-admins-title">
      <div className="adm-heading">
        <h1 id="adm-admins-title">Admins</h1>
      </div>
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={loading && !data} />
      {data && (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">USERNAME</th>
              <th scope="col">CREATED</th>
              <th scope="col">LAST LOG IN</th>
            </tr>
          </thead>
          <tbody>
            {data.admins.map((a) => (
              <tr key={a.id}>
                <td data-label="USERNAME">{a.username}</td>
                <td data-label="CREATED">{formatDateTime(a.createdAt)}</td>
                <td data-label="LAST LOG IN">{a.lastLoginAt ? formatDateTime(a.lastLoginAt) : 'Never'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="adm-blocks adm-admin-forms">
        <AddAdminForm onAdded={reload} />
        <ChangePasswordForm />
      </div>
    </section>
  );
}

function AddAdminForm({ onAdded }: { onAdded: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newAdminSchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error.issues));
      setMessage({ text: parsed.error.issues[0]?.message ?? 'Please check the form', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const { admin } = await adminApi.addAdmin(parsed.data);
      setUsername('');
      setPassword('');
      setErrors({});
      setMessage({ text: `Admin ${admin.username} added`, tone: 'success' });
      onAdded();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fields : {});
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="adm-add-admin-title">
      <h2 id="adm-add-admin-title">Add an admin</h2>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <TextField
        id="new-admin-username"
        label="Username"
        autoComplete="off"
        value={username}
        error={errors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        id="new-admin-password"
        label={`Password (at least ${ADMIN_PASSWORD_MIN} characters)`}
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn" disabled={busy}>
        Add admin
      </button>
    </form>
  );
}

function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error.issues));
      setMessage({ text: parsed.error.issues[0]?.message ?? 'Please check the form', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      await adminApi.changePassword(parsed.data);
      setCurrent('');
      setNew('');
      setErrors({});
      setMessage({ text: 'Your password was changed. Other devices were logged out.', tone: 'success' });
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fields : {});
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="adm-password-title">
      <h2 id="adm-password-title">Change your password</h2>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <TextField
        id="next-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        error={errors.newPassword}
        onChange={(e) => setNew(e.target.value)}
      />
      <button type="submit" className="btn" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
