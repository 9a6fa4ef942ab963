import { useState } from 'react';
import { WHATSAPP_FORM_FIELD } from '../../../common/account-forms.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { SIGNUP_RULES } from '../../../common/signup-rules.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { PHONE_INPUT, TextField } from '../../components/text-field.tsx';
import { WhatsAppConsentBox } from '../../components/whatsapp-consent-box.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { signup } from './account-api.ts';
import { useSession } from './session.tsx';
import './accounts.css';
import { PAGE } from '../../../common/page-paths.ts';

const FIELDS = [
  { key: 'name', label: 'Name', input: { type: 'text', autoComplete: 'name' } },
  { key: 'number', label: 'Phone number', input: PHONE_INPUT },
  { key: 'email', label: 'Email', input: { type: 'email', autoComplete: 'email' } },
  // One line (ADDRESS_RULE): "street-address" is only for multi-line controls (a textarea); autofill fills the first line.
  { key: 'address', label: 'Address', input: { type: 'text', autoComplete: 'address-line1' } },
  { key: 'password', label: 'Password', input: { type: 'password', autoComplete: 'new-password' } },
] as const;

/** Create Account (docs/product.md#accounts): the rules are checked in spec order, here and on the server. */
export function SignupForm({
  visitorCart,
  onSuccess,
}: {
  visitorCart: () => VisitorCartLine[];
  onSuccess: () => void;
}) {
  const { refresh } = useSession();
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const form = useForm({
    id: 'signup',
    initial: { name: '', number: '', email: '', address: '', password: '' },
    check: (values) => checkForm(SIGNUP_RULES, values),
    send: (data) => signup(data, visitorCart(), whatsappUpdates),
    success: 'Your account is ready',
    onSuccess: async () => {
      await refresh();
      onSuccess();
    },
  });

  return (
    // Posted to this page's own address when the script has not taken it over (common/account-forms.ts).
    <form className="account-form panel" method="post" action="/signup" onSubmit={form.submit} noValidate>
      <h1>Create Account</h1>
      {FIELDS.map((f) => (
        <TextField key={f.key} label={f.label} name={f.key} {...f.input} showError={false} {...form.field(f.key)} />
      ))}
      <WhatsAppConsentBox
        id="signup-whatsapp"
        name={WHATSAPP_FORM_FIELD}
        checked={whatsappUpdates}
        onChange={setWhatsappUpdates}
        disabled={form.busy}
        proof="signup"
      />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
        Create account
      </button>
      <p className="account-switch">
        Already have an account? <Link to={PAGE.login}>Log in</Link>
      </p>
      <LoaderOverlay active={form.busy} label="Creating your account…" />
    </form>
  );
}
