/**
 * Shop at /product, /product/{cate} and /product/{cate}/{brand} (docs/product.md#listing):
 * tabs, sort chips, brand dropdown on men-watch, the grid and pagination.
 */
import { useEffect, useRef } from 'react';
import {
  BRANDS,
  brandFromSlug,
  categoryFromSlug,
  categoryLabel,
  LISTING_TABS,
  listingPath,
} from '../../common/catalog.ts';
import { listingSearch } from '../../common/catalog-api.ts';
import { listingHeading, pageTitle } from '../../common/page-titles.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { useCardActions } from '../features/admin-actions/use-card-actions.tsx';
import { clampPage, listingCountText, useListingPage } from '../features/catalog/listing-page-number.ts';
import { useListingSort } from '../features/catalog/listing-sort.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import type { Sort } from '../features/catalog/types.ts';
import { useListing } from '../features/catalog/use-listing.ts';
import { useLoaderVisible } from '../features/catalog/use-loader-timeout.ts';
import { Slice } from '../lib/hydration-slices.tsx';
import { useHydrated } from '../lib/page-data.ts';
import { Link, useLocation, useNavigate, useParams } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
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
  const sort = useListingSort();
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

  // The listing's own title, as the server sends it (common/page-titles.ts).
  useEffect(() => {
    document.title = pageTitle(listingHeading(category, brandName), site().name);
  }, [category, brandName]);

  // A page past the last (an old link, #99) shows the last page, its URL corrected.
  useEffect(() => {
    if (!data || data.page !== page) return;
    const within = clampPage(page, data.pageCount);
    if (within !== page) setPage(within, { replace: true });
  }, [data, page, setPage]);

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

      {/* Each part that moves hydrated in a task of its own, after the page's (decision 067, slices). */}
      <Slice>
        <nav aria-label="Categories" className="listing-tabs">
          {LISTING_TABS.map((tab) => {
            const active = tab.category === category && (tab.category !== null || !cate);
            return (
              <Link
                key={tab.label}
                to={listingPath(tab.category) + listingSearch(sort)}
                className="chip"
                aria-current={active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
      </Slice>

      {/* Links and a GET form (docs/decisions/032-controls-in-the-address.md): they work at first paint and without JavaScript. */}
      <Slice>
        <div className="listing-controls">
          <fieldset className="listing-sort">
            <legend>Sort by price</legend>
            {SORTS.map((s) => (
              // A new sort starts at page 1 of the same listing.
              <Link
                key={s.value}
                to={pathname + listingSearch(s.value)}
                className="chip"
                aria-current={sort === s.value ? 'true' : undefined}
              >
                {s.label}
              </Link>
            ))}
          </fieldset>
          {category === 'men watch' && (
            <BrandFilter
              brand={brandName}
              sort={sort}
              onPick={(picked) => navigate(listingPath('men watch', picked) + listingSearch(sort))}
            />
          )}
        </div>
      </Slice>

      <LoadError message={error} onRetry={reload} />
      {/* Always there (empty while loading), so the grid below it does not move when the count arrives. */}
      <p className="listing-count" aria-live="polite">
        {(data && listingCountText(first, last, data.total)) || '\u00a0'}
      </p>
      {data && (
        <Slice>
          <div aria-busy={loading}>
            {/* Card names are h3s: this keeps the heading order h1 > h2 > h3 for screen readers. */}
            <h2 className="visually-hidden">Watches</h2>
            <ProductGrid
              products={data.items}
              eager={2}
              empty={data.total > 0 ? null : 'No product found!'}
              actions={cardActions}
            />
            <Pagination
              page={page}
              pageCount={data.pageCount}
              href={(p) => pathname + listingSearch(sort, p)}
              onPage={setPage}
            />
          </div>
        </Slice>
      )}
      {!data && loading && <ProductGridSkeleton count={LISTING_SKELETON_CARDS} />}
      {!data && !loading && !error && <p className="catalog-empty">No product found!</p>}
      <LoaderOverlay active={showLoader} label="Loading watches…" />
    </div>
  );
}

/**
 * The Brand filter of the men-watch listing: a GET form to /product/men-watch?brand=…, which the
 * server answers by sending the brand's own listing (src/server/pages/catalog-heads.ts). Without
 * JavaScript, or before it runs, the shopper picks and presses Show; once it runs, picking is enough.
 * The select is uncontrolled, so React never puts back the brand of the address over one picked
 * while the page was hydrating: on hydration a differing pick is followed, never undone.
 */
function BrandFilter({
  brand,
  sort,
  onPick,
}: {
  brand: string | null;
  sort: Sort;
  onPick: (brand: string | null) => void;
}) {
  const hydrated = useHydrated();
  const select = useRef<HTMLSelectElement>(null);
  const shown = brand ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive.
  useEffect(() => {
    const picked = select.current?.value ?? shown;
    if (picked !== shown) onPick(picked || null);
  }, []);
  return (
    <form className="listing-brand" method="get" action={listingPath('men watch')}>
      <div className="field">
        <label htmlFor="listing-brand">Brand</label>
        <div className="field-row">
          <select
            // A new address's brand gives a new select, showing it.
            key={shown}
            ref={select}
            id="listing-brand"
            name="brand"
            defaultValue={shown}
            onChange={(e) => onPick(e.target.value || null)}
          >
            <option value="">All brands</option>
            {BRANDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
          {sort !== 'latest' && <input type="hidden" name="sort" value={sort} />}
          {/* Only until the script runs: then picking a brand is enough. */}
          {!hydrated && (
            <button type="submit" className="btn btn-ghost">
              Show
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
