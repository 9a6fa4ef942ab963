import { type FormEvent, useState } from 'react';
import { PROFILE_RULES } from '../../../common/account-rules.ts';
import { PHONE_LENGTH } from '../../../common/constants.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { updateProfile } from './account-api.ts';
import { type SessionUser, useSession } from './session.tsx';
import { useSubmit } from './use-submit.ts';
import './accounts.css';

/**
 * Edit Profile (docs/product.md#accounts): name, number, email and the address list. One
 * address is always kept: delete shows only when there is more than one.
 */
export function ProfileForm({ user, onSuccess }: { user: SessionUser; onSuccess: () => void }) {
  const [values, setValues] = useState({ name: user.name, number: user.number, email: user.email });
  const [addresses, setAddresses] = useState<string[]>(user.addresses.length > 0 ? user.addresses : ['']);
  const submit = useSubmit();
  const { refresh } = useSession();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(PROFILE_RULES, { ...values, addresses });
    if (!checked.ok) return submit.fail(checked.message, checked.field);
    const done = await submit.run(() => updateProfile(checked.data));
    if (!done) return;
    submit.succeed('Your profile is saved');
    await refresh();
    onSuccess();
  }

  const errorFor = (field: string) => (submit.field === field ? submit.message?.text : null);
  const setAddress = (i: number, value: string) => setAddresses(addresses.map((a, j) => (j === i ? value : a)));

  return (
    <form className="account-form panel" onSubmit={onSubmit} noValidate>
      <h1>Edit Profile</h1>
      <TextField
        id="profile-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={errorFor('name')}
        showError={false}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <TextField
        id="profile-number"
        label="Phone number"
        type="tel"
        inputMode="numeric"
        maxLength={PHONE_LENGTH}
        autoComplete="tel-national"
        value={values.number}
        error={errorFor('number')}
        showError={false}
        onChange={(e) => setValues({ ...values, number: e.target.value })}
      />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errorFor('email')}
        showError={false}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <fieldset className="account-fieldset">
        <legend>Addresses</legend>
        {addresses.map((address, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
          <div className="account-address-row" key={i}>
            <TextField
              id={`profile-address-${i}`}
              label={`Address ${i + 1}`}
              value={address}
              error={errorFor(`addresses.${i}`) ?? (submit.field === 'addresses' ? submit.message?.text : null)}
              showError={false}
              onChange={(e) => setAddress(i, e.target.value)}
            />
            {addresses.length > 1 && (
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={`Delete address ${i + 1}`}
                onClick={() => setAddresses(addresses.filter((_, j) => j !== i))}
              >
                Delete
              </button>
            )}
          </div>
        ))}
        <button type="button" className="btn btn-ghost" onClick={() => setAddresses([...addresses, ''])}>
          + Add address
        </button>
      </fieldset>
      <Message text={submit.message?.text ?? null} tone={submit.message?.tone ?? 'error'} onClose={submit.clear} />
      <button type="submit" className="btn btn-gold btn-block" disabled={submit.busy}>
        Save
      </button>
      <LoaderOverlay active={submit.busy} label="Saving…" />
    </form>
  );
}
