import { listingPath, productPath } from '../../common/catalog.ts';
import { imageUrl } from '../../common/media.ts';
import { orderStatusLabel } from '../../common/orders.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Link } from '../lib/router/index.ts';
import { useAdminStats } from './admin-stats.tsx';
import { NeedsYou } from './needs-you.tsx';
import { OrdersChart } from './orders-chart.tsx';

const TILES = [
  { label: 'Men', category: 'men watch' },
  { label: 'Women', category: 'women watch' },
  { label: 'Celebrity', category: 'celebrity watch' },
  { label: 'Swiss ETA', category: 'swizz eta watch' },
] as const;

/**
 * Dashboard home (docs/product.md#admin-dashboard): what needs the owner now, tiles, the ten most
 * viewed products, orders per day.
 */
export function StatsPage() {
  // The layout's answer, which the menu's counts read too (admin-stats.tsx): one request for both.
  const { data, error, loading, reload } = useAdminStats();
  return (
    <section aria-labelledby="adm-stats-title">
      <div className="adm-heading">
        <h1 id="adm-stats-title">Dashboard</h1>
      </div>
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={loading && !data} />
      {data && (
        <>
          <NeedsYou attention={data.attention} />
          <div className="adm-tiles">
            <Link className="card adm-tile" to="/dashboard/products">
              <strong>{data.totalProducts}</strong> Total products
            </Link>
            {TILES.map((tile) => (
              <Link key={tile.category} className="card adm-tile" to={listingPath(tile.category)}>
                <strong>{data.byCategory[tile.category]}</strong> {tile.label}
              </Link>
            ))}
            <Link className="card adm-tile adm-tile-add" to="/dashboard/upload">
              Add new Watches
            </Link>
          </div>
          <div className="adm-blocks">
            <section className="panel adm-chart" aria-labelledby="adm-chart-title">
              <h2 id="adm-chart-title">Orders in the last 30 days</h2>
              <OrdersChart days={data.ordersPerDay} />
              {/* Every order the shop has, not only the chart's 30 days: said, as the sums differ. */}
              <h3 className="adm-states-title" id="adm-states-title">
                All orders by state
              </h3>
              <ul className="adm-states" aria-labelledby="adm-states-title">
                {Object.entries(data.ordersByState).map(([state, n]) => (
                  <li key={state} className="chip">
                    {orderStatusLabel(state, true)}: {n}
                  </li>
                ))}
              </ul>
            </section>
            <section className="panel" aria-labelledby="adm-top-title">
              <h2 id="adm-top-title">Top ten most viewed</h2>
              {data.topViewed.length === 0 ? (
                <p className="adm-empty">No product has been viewed yet.</p>
              ) : (
                <ol className="adm-top">
                  {data.topViewed.map((p) => (
                    <li key={p.id}>
                      {p.image ? (
                        <img src={imageUrl(p.image, 240)} alt="" width={40} height={40} loading="lazy" />
                      ) : null}
                      <Link to={productPath(p)}>{p.name}</Link>
                      <span>
                        {p.views} {p.views === 1 ? 'view' : 'views'}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </>
      )}
    </section>
  );
}
