import { type FormEvent, type ReactNode, useState } from 'react';
import { PHONE_LENGTH } from '../../../common/constants.ts';
import type { SignupInput } from '../../../common/schemas/account.ts';
import { SIGNUP_RULES } from '../../../common/signup-rules.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { TextField } from '../../components/text-field.tsx';
import { Link } from '../../lib/router/index.ts';

const FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'number', label: 'Phone number', type: 'tel', autoComplete: 'tel-national' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'password', label: 'Create password', type: 'password', autoComplete: 'new-password' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

/**
 * Step 2 (docs/product.md#checkout): a visitor creates their account, with the sign-up
 * rules and the address just entered, before the order is placed.
 */
export function PasswordStep({
  address,
  busy,
  onSubmit,
  notice,
}: {
  address: string;
  busy: boolean;
  onSubmit: (input: SignupInput) => void;
  /** A failed step's message, shown by the button. */
  notice?: ReactNode;
}) {
  const [values, setValues] = useState<Record<Key, string>>({ name: '', number: '', email: '', password: '' });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(SIGNUP_RULES, { ...values, address });
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      document.getElementById(`checkout-${checked.field}`)?.focus();
      return;
    }
    setError(null);
    onSubmit(checked.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>Create an account to place your order and follow it.</p>
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`checkout-${f.key}`}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          {...(f.key === 'number' ? { inputMode: 'numeric' as const, maxLength: PHONE_LENGTH } : {})}
          value={values[f.key]}
          error={error?.field === f.key ? error.message : null}
          onChange={(e) => {
            if (error?.field === f.key) setError(null);
            setValues({ ...values, [f.key]: e.target.value });
          }}
        />
      ))}
      {error && !FIELDS.some((f) => f.key === error.field) && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {notice}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        Place order
      </button>
      <p className="checkout-hint">
        Already have an account? <Link to="/login">Log in</Link> and your cart comes with you.
      </p>
    </form>
  );
}
