import type { ReactNode } from 'react';
import { PAGE } from '../../../../common/page-paths.ts';
import type { SignupInput } from '../../../../common/schemas/account.ts';
import { SIGNUP_RULES } from '../../../../common/signup-rules.ts';
import { checkForm } from '../../../../common/text-rules.ts';
import { PHONE_INPUT, TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms/use-form.ts';
import { Link } from '../../../lib/router/index.ts';

const FIELDS = [
  { key: 'name', label: 'Name', input: { type: 'text', autoComplete: 'name' } },
  { key: 'number', label: 'Phone number', input: PHONE_INPUT },
  { key: 'email', label: 'Email', input: { type: 'email', autoComplete: 'email' } },
  { key: 'password', label: 'Create password', input: { type: 'password', autoComplete: 'new-password' } },
] as const;

/**
 * Step 2 (docs/product.md#checkout): a visitor creates their account, with the sign-up
 * rules and the address just entered, before the order is placed. The popup makes the call
 * (its overlay, its message by the button); this form checks and shows each field's message.
 */
export function PasswordStep({
  address,
  busy,
  onSubmit,
  notice,
}: {
  address: string;
  busy: boolean;
  onSubmit: (input: SignupInput) => Promise<void>;
  /** A failed step's message, shown by the button. */
  notice?: ReactNode;
}) {
  const form = useForm({
    id: 'checkout',
    initial: { name: '', number: '', email: '', password: '' },
    check: (values) => checkForm(SIGNUP_RULES, { ...values, address }),
    send: onSubmit,
  });
  // The address was typed in step 1: its message has no field here.
  const other = form.message?.tone === 'error' && !FIELDS.some((f) => f.key === form.message?.field);

  return (
    // Never a GET with the password, even pressed before the script: the sign-up page's own post
    // (common/account-forms.ts), with the address of step 1.
    <form method="post" action="/signup" onSubmit={form.submit} noValidate>
      <input type="hidden" name="address" value={address} />
      <p>Create an account to place your order and follow it.</p>
      {FIELDS.map((f) => (
        <TextField key={f.key} label={f.label} name={f.key} {...f.input} {...form.field(f.key)} />
      ))}
      {other && (
        <p className="field-error" role="alert">
          {form.message?.text}
        </p>
      )}
      {notice}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        Create account and continue
      </button>
      <p className="checkout-hint">
        Already have an account? <Link to={PAGE.login}>Log in</Link> and your cart comes with you.
      </p>
    </form>
  );
}
