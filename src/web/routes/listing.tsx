/**
 * Shop at /product, /product/{cate} and /product/{cate}/{brand} (docs/product.md#listing):
 * tabs, sort chips, brand dropdown on men-watch, the grid and pagination.
 */
import { useEffect, useState } from 'react';
import {
  BRANDS,
  brandFromSlug,
  categoryFromSlug,
  categoryLabel,
  LISTING_TABS,
  listingPath,
} from '../../common/catalog.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { useCardActions } from '../features/admin-actions/use-card-actions.tsx';
import { clampPage, listingCountText, useListingPage } from '../features/catalog/listing-page-number.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import type { Sort } from '../features/catalog/types.ts';
import { useListing } from '../features/catalog/use-listing.ts';
import { useLoaderVisible } from '../features/catalog/use-loader-timeout.ts';
import { Link, useLocation, useNavigate, useParams } from '../lib/router/index.ts';
import '../features/catalog/listing.css';
import { LoadError } from '../components/load-error.tsx';

/** Enough grey cards to fill a phone's screen and more while a page loads. */
const LISTING_SKELETON_CARDS = 6;

const SORTS: Array<{ value: Sort; label: string }> = [
  { value: 'latest', label: 'latest' },
  { value: 'price-asc', label: 'lowest - highest' },
  { value: 'price-desc', label: 'highest - lowest' },
];

export function ListingPage() {
  const { cate, brand } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [sort, setSort] = useState<Sort>('latest');
  const [page, setPage] = useListingPage();
  const { data, error, loading, reload } = useListing({ cate, brand, sort, page });
  const cardActions = useCardActions(reload);
  const showLoader = useLoaderVisible(loading && !data);
  const category = cate ? categoryFromSlug(cate) : null;
  const brandName = brand ? brandFromSlug(brand) : null;

  // A new listing starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the listing or page changes.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [cate, brand, page]);

  // A page past the last (an old link, #99) shows the last page, its URL corrected.
  useEffect(() => {
    if (!data || data.page !== page) return;
    const within = clampPage(page, data.pageCount);
    if (within !== page) setPage(within, { replace: true });
  }, [data, page, setPage]);

  const changeSort = (next: Sort) => {
    setSort(next);
    if (page !== 1) setPage(1);
  };
  const first = data && data.items.length > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;

  return (
    <div className="page container listing">
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Shop', to: '/product', current: !cate },
          ...(cate
            ? [
                {
                  label: categoryLabel(category ?? cate.replace(/-/g, ' ')),
                  to: listingPath(category ?? cate.replace(/-/g, ' ')),
                  current: !brand,
                },
              ]
            : []),
          ...(brand ? [{ label: brandName ?? brand, current: true }] : []),
        ]}
      />
      <h1>Shop</h1>

      <nav aria-label="Categories" className="listing-tabs">
        {LISTING_TABS.map((tab) => {
          const active = tab.category === category && (tab.category !== null || !cate);
          return (
            <Link
              key={tab.label}
              to={listingPath(tab.category)}
              className="chip"
              aria-current={active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>

      <div className="listing-controls needs-script">
        <fieldset className="listing-sort">
          <legend>Sort by price</legend>
          {SORTS.map((s) => (
            <button
              key={s.value}
              type="button"
              className="chip"
              aria-pressed={sort === s.value}
              onClick={() => changeSort(s.value)}
            >
              {s.label}
            </button>
          ))}
        </fieldset>
        {category === 'men watch' && (
          <div className="listing-brand field">
            <label htmlFor="listing-brand">Brand</label>
            <select
              id="listing-brand"
              value={brandName ?? ''}
              onChange={(e) => navigate(listingPath('men watch', e.target.value || null))}
            >
              <option value="">All brands</option>
              {BRANDS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <LoadError message={error} onRetry={reload} />
      {/* Always there (empty while loading), so the grid below it does not move when the count arrives. */}
      <p className="listing-count" aria-live="polite">
        {(data && listingCountText(first, last, data.total)) || '\u00a0'}
      </p>
      {data && (
        <div aria-busy={loading}>
          {/* Card names are h3s: this keeps the heading order h1 > h2 > h3 for screen readers. */}
          <h2 className="visually-hidden">Watches</h2>
          <ProductGrid
            products={data.items}
            eager={2}
            empty={data.total > 0 ? null : 'No product found!'}
            actions={cardActions}
          />
          <Pagination page={page} pageCount={data.pageCount} href={(p) => `${pathname}?page=${p}`} onPage={setPage} />
        </div>
      )}
      {!data && loading && <ProductGridSkeleton count={LISTING_SKELETON_CARDS} />}
      {!data && !loading && !error && <p className="catalog-empty">No product found!</p>}
      <LoaderOverlay active={showLoader} label="Loading watches…" />
    </div>
  );
}
