import './accounts.css';
import { PAGE } from '../../../common/page-paths.ts';
import { Link } from '../../lib/router/index.ts';

/** Shown on a shopper-only screen to a visitor. */
export function LoginNeeded({ what }: { what: string }) {
  return (
    <div className="panel account-form center">
      <h1>Please log in</h1>
      <p>Log in or create an account to see {what}.</p>
      <p className="account-actions account-actions-center">
        <Link className="btn btn-gold" to={PAGE.login}>
          Login
        </Link>
        <Link className="btn btn-ghost" to={PAGE.signup}>
          Create account
        </Link>
      </p>
    </div>
  );
}
