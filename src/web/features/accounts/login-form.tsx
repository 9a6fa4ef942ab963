import { type FormEvent, useState } from 'react';
import { LOGIN_RULES } from '../../../common/account-rules.ts';
import { PHONE_LENGTH } from '../../../common/constants.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Link } from '../../lib/router/index.ts';
import { login } from './account-api.ts';
import { useSession } from './session.tsx';
import { useSubmit } from './use-submit.ts';
import './accounts.css';

/** Login (docs/product.md#accounts): number and password; the visitor cart is merged by the server. */
export function LoginForm({ visitorCart, onSuccess }: { visitorCart: () => VisitorCartLine[]; onSuccess: () => void }) {
  const [values, setValues] = useState({ number: '', password: '' });
  const submit = useSubmit();
  const { refresh } = useSession();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(LOGIN_RULES, values);
    if (!checked.ok) return submit.fail(checked.message, checked.field);
    const done = await submit.run(() => login(checked.data, visitorCart()));
    if (!done) return;
    submit.succeed('Logged in successfully');
    await refresh();
    onSuccess();
  }

  return (
    <form className="account-form panel" onSubmit={onSubmit} noValidate>
      <h1>Login</h1>
      <TextField
        id="login-number"
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_LENGTH}
        value={values.number}
        error={submit.field === 'number' ? submit.message?.text : null}
        showError={false}
        onChange={(e) => setValues({ ...values, number: e.target.value })}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={submit.field === 'password' ? submit.message?.text : null}
        showError={false}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <Message text={submit.message?.text ?? null} tone={submit.message?.tone ?? 'error'} onClose={submit.clear} />
      <button type="submit" className="btn btn-gold btn-block" disabled={submit.busy}>
        Login
      </button>
      <p className="account-switch">
        New here? <Link to="/signup">Create an account</Link>
      </p>
      <LoaderOverlay active={submit.busy} label="Logging in…" />
    </form>
  );
}
