import { PAGE } from '../../common/page-paths.ts';
import { Link } from '../lib/router/index.ts';

export function NotFoundPage() {
  return (
    <div className="page container narrow center">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the address may have a typo.</p>
      <p>
        <Link className="btn" to="/product">
          Browse watches
        </Link>{' '}
        <Link className="btn btn-ghost" to={PAGE.explore}>
          Search
        </Link>
      </p>
    </div>
  );
}
