import { adminLoginSchema } from '../../common/schemas/account.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { TextField } from '../components/text-field.tsx';
import { useForm } from '../lib/forms/use-form.ts';
import { adminApi } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';

/** docs/product.md#admin-dashboard: username, password, LOGIN; a failed log in says why (docs/product.md#better-10). */
export function AdminLoginForm() {
  const { loggedIn } = useAdminSession();
  const form = useForm({
    id: 'adm',
    initial: { username: '', password: '' },
    check: (values) => adminLoginSchema.safeParse(values),
    send: (data) => adminApi.login(data.username, data.password),
    onSuccess: ({ admin }) => loggedIn(admin),
  });

  return (
    <div className="adm-login container page">
      <form className="panel adm-login-form" onSubmit={form.submit} noValidate aria-labelledby="adm-login-title">
        <h1 id="adm-login-title">Admin login</h1>
        {/* The reason stays until the next try: the owner may look away from the screen. */}
        <Message {...form.messageProps} autoHideMs={null} />
        <TextField label="Username" autoComplete="username" showError={false} {...form.field('username')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          showError={false}
          {...form.field('password')}
        />
        <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
          LOGIN
        </button>
      </form>
      <LoaderOverlay active={form.busy} label="Logging in…" />
    </div>
  );
}
