import { type FormEvent, useState } from 'react';
import { PHONE_LENGTH } from '../../../common/constants.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { SIGNUP_RULES } from '../../../common/signup-rules.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Link } from '../../lib/router/index.ts';
import { signup } from './account-api.ts';
import { useSession } from './session.tsx';
import { useSubmit } from './use-submit.ts';
import './accounts.css';

const FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'number', label: 'Phone number', type: 'tel', autoComplete: 'tel-national' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

/** Create Account (docs/product.md#accounts): the rules are checked in spec order, here and on the server. */
export function SignupForm({
  visitorCart,
  onSuccess,
}: {
  visitorCart: () => VisitorCartLine[];
  onSuccess: () => void;
}) {
  const [values, setValues] = useState<Record<Key, string>>({
    name: '',
    number: '',
    email: '',
    address: '',
    password: '',
  });
  const submit = useSubmit();
  const { refresh } = useSession();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(SIGNUP_RULES, values);
    if (!checked.ok) return submit.fail(checked.message, checked.field);
    const done = await submit.run(() => signup(checked.data, visitorCart()));
    if (!done) return;
    submit.succeed('Your account is ready');
    await refresh();
    onSuccess();
  }

  return (
    <form className="account-form panel" onSubmit={onSubmit} noValidate>
      <h1>Create Account</h1>
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`signup-${f.key}`}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          {...(f.key === 'number' ? { inputMode: 'numeric' as const, maxLength: PHONE_LENGTH } : {})}
          value={values[f.key]}
          error={submit.field === f.key ? submit.message?.text : null}
          showError={false}
          onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
        />
      ))}
      <Message text={submit.message?.text ?? null} tone={submit.message?.tone ?? 'error'} onClose={submit.clear} />
      <button type="submit" className="btn btn-gold btn-block" disabled={submit.busy}>
        Create account
      </button>
      <p className="account-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
      <LoaderOverlay active={submit.busy} label="Creating your account…" />
    </form>
  );
}
