import { Link } from '../lib/router/index.ts';

/**
 * Shown in place of a screen that failed, most often its chunk on a dropped
 * connection. The router clears it on the next navigation.
 */
export function RouteError(_props: { error: unknown }) {
  return (
    <div className="page container narrow center" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Please check your connection and try again.</p>
      <p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <Link className="btn btn-ghost" to="/">
          Home
        </Link>
      </p>
    </div>
  );
}
