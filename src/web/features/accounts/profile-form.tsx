import { PROFILE_ADDRESSES_FIELD } from '../../../common/account-forms.ts';
import { PROFILE_RULES } from '../../../common/account-rules.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { PHONE_INPUT, TextField } from '../../components/text-field.tsx';
import { fieldInputId, useForm } from '../../lib/forms/use-form.ts';
import { updateProfile } from './account-api.ts';
import { type SessionUser, useSession } from './session.tsx';
import './accounts.css';

/**
 * Edit Profile (docs/product.md#accounts): name, number, email and the address list. One
 * address is always kept: delete shows only when there is more than one.
 */
export function ProfileForm({ user, onSuccess }: { user: SessionUser; onSuccess: () => void }) {
  const { refresh } = useSession();
  const form = useForm({
    id: 'profile',
    initial: () => ({
      name: user.name,
      number: user.number,
      email: user.email,
      addresses: user.addresses.length > 0 ? user.addresses : [''],
    }),
    check: (values) => checkForm(PROFILE_RULES, values),
    send: (data) => updateProfile(data),
    success: 'Your profile is saved',
    onSuccess: async () => {
      await refresh();
      onSuccess();
    },
  });
  const { addresses } = form.values;
  const setAddresses = (next: string[], errorField?: string) => form.set('addresses', next, errorField);

  return (
    // Posted to this page's own address when the script has not taken it over (common/account-forms.ts).
    <form className="account-form panel" method="post" action="/editprofile" onSubmit={form.submit} noValidate>
      <h1>Edit Profile</h1>
      <TextField label="Name" name="name" autoComplete="name" showError={false} {...form.field('name')} />
      <TextField label="Phone number" name="number" {...PHONE_INPUT} showError={false} {...form.field('number')} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        showError={false}
        {...form.field('email')}
      />
      <fieldset className="account-fieldset">
        <legend>Addresses</legend>
        {addresses.map((address, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
          <div className="account-address-row" key={i}>
            <TextField
              id={fieldInputId('profile', `addresses.${i}`)}
              label={`Address ${i + 1}`}
              name={PROFILE_ADDRESSES_FIELD}
              value={address}
              error={form.errors[`addresses.${i}`] ?? form.errors.addresses}
              showError={false}
              onChange={(e) =>
                setAddresses(
                  addresses.map((a, j) => (j === i ? e.target.value : a)),
                  `addresses.${i}`,
                )
              }
            />
            {addresses.length > 1 && (
              <button
                type="button"
                className="btn btn-ghost needs-script"
                aria-label={`Delete address ${i + 1}`}
                onClick={() => setAddresses(addresses.filter((_, j) => j !== i))}
              >
                Delete
              </button>
            )}
          </div>
        ))}
        <button type="button" className="btn btn-ghost needs-script" onClick={() => setAddresses([...addresses, ''])}>
          + Add address
        </button>
      </fieldset>
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
        Save
      </button>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}
