import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="page container narrow center">
      <h1>Page not found</h1>
      <p>We could not find that page.</p>
      <Link className="btn" to="/product">
        Browse watches
      </Link>
    </div>
  );
}
