import { type FormEvent, useState } from 'react';
import { adminLoginSchema } from '../../common/schemas/account.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { TextField } from '../components/text-field.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { adminApi } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';

/** docs/product.md#admin-dashboard: username, password, LOGIN; a failed log in says why (docs/product.md#better-10). */
export function AdminLoginForm() {
  const { loggedIn } = useAdminSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = adminLoginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue?.message ?? 'Please fill in both fields');
      setFieldErrors(issue ? { [String(issue.path[0])]: issue.message } : {});
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const { admin } = await adminApi.login(parsed.data.username, parsed.data.password);
      loggedIn(admin);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="adm-login container page">
      <form className="panel adm-login-form" onSubmit={submit} noValidate aria-labelledby="adm-login-title">
        <h1 id="adm-login-title">Admin login</h1>
        {error && (
          <p className="message message-error" role="alert">
            {error}
          </p>
        )}
        <TextField
          id="adm-username"
          label="Username"
          autoComplete="username"
          value={username}
          error={fieldErrors.username}
          showError={false}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          id="adm-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          showError={false}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
          LOGIN
        </button>
      </form>
      <LoaderOverlay active={busy} label="Logging in…" />
    </div>
  );
}
