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
import { useForm } from '../lib/forms/use-form.ts';
import { useResource } from '../lib/use-resource.ts';
import { adminApi } from './admin-api.ts';

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
  const form = useForm({
    id: 'new-admin',
    initial: { username: '', password: '' },
    check: (values) => newAdminSchema.safeParse(values),
    send: (data) => adminApi.addAdmin(data),
    success: ({ admin }) => `Admin ${admin.username} added`,
    reset: true,
    onSuccess: onAdded,
  });

  return (
    <form className="panel" onSubmit={form.submit} noValidate aria-labelledby="adm-add-admin-title">
      <h2 id="adm-add-admin-title">Add an admin</h2>
      <Message {...form.messageProps} />
      <TextField label="Username" autoComplete="off" {...form.field('username')} />
      <TextField
        label={`Password (at least ${ADMIN_PASSWORD_MIN} characters)`}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <button type="submit" className="btn" disabled={form.busy}>
        Add admin
      </button>
      <LoaderOverlay active={form.busy} label="Adding the admin…" />
    </form>
  );
}

function ChangePasswordForm() {
  const form = useForm({
    id: 'admin-password',
    initial: { currentPassword: '', newPassword: '' },
    check: (values) => changePasswordSchema.safeParse(values),
    send: (data) => adminApi.changePassword(data),
    success: 'Your password was changed. Other devices were logged out.',
    reset: true,
  });

  return (
    <form className="panel" onSubmit={form.submit} noValidate aria-labelledby="adm-password-title">
      <h2 id="adm-password-title">Change your password</h2>
      <Message {...form.messageProps} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <TextField label="New password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
      <button type="submit" className="btn" disabled={form.busy}>
        Change password
      </button>
      <LoaderOverlay active={form.busy} label="Changing your password…" />
    </form>
  );
}
