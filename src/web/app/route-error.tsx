import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load (for example a chunk on a dropped connection). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded. Please check your connection and try again.';
  return (
    <div className="page narrow center" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
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
