import { LOGIN_RULES } from '../../../common/account-rules.ts';
import { forgotPasswordText } from '../../../common/password-reset.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { whatsappLink } from '../../../common/site.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { PHONE_INPUT, TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { site } from '../../lib/site.ts';
import { login } from './account-api.ts';
import { useSession } from './session.tsx';
import './accounts.css';
import { PAGE } from '../../../common/page-paths.ts';

/** Login (docs/product.md#accounts): number and password; the visitor cart is merged by the server. */
export function LoginForm({ visitorCart, onSuccess }: { visitorCart: () => VisitorCartLine[]; onSuccess: () => void }) {
  const { refresh } = useSession();
  const form = useForm({
    id: 'login',
    initial: { number: '', password: '' },
    check: (values) => checkForm(LOGIN_RULES, values),
    send: (data) => login(data, visitorCart()),
    success: 'Logged in successfully',
    onSuccess: async () => {
      await refresh();
      onSuccess();
    },
  });

  return (
    // Posted to this page's own address when the script has not taken it over (common/account-forms.ts).
    <form className="account-form panel" method="post" action="/login" onSubmit={form.submit} noValidate>
      <h1>Login</h1>
      <TextField label="Phone number" name="number" {...PHONE_INPUT} showError={false} {...form.field('number')} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        showError={false}
        {...form.field('password')}
      />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold btn-block" disabled={form.busy}>
        Login
      </button>
      <p className="account-switch">
        New here? <Link to={PAGE.signup}>Create an account</Link>
      </p>
      {/* No SMS gateway: the shop sends a one-time link on WhatsApp (docs/product.md#account-rights). */}
      <p className="account-switch">
        <a
          href={whatsappLink(site().whatsapp, forgotPasswordText(form.values.number.trim()))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Forgot password? Ask us on WhatsApp
        </a>
      </p>
      <LoaderOverlay active={form.busy} label="Logging in…" />
    </form>
  );
}
