/**
 * The search screen at /explore (docs/product.md#search): a search box, 'Searched Products' or 'No Product Found!',
 * and the 8 newest. A term saved by the navigation bar's search box is applied
 * after 1 second (docs/product.md#limits-and-constants). The search shown is always the
 * address's (?q=…&page=N: docs/decisions/032-controls-in-the-address.md), so a reload or a
 * shared link shows it again and the server renders it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EXPLORE_LATEST, SEARCH_DELAY_MS } from '../../common/constants.ts';
import { groupIndian } from '../../common/money.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { SearchForm } from '../components/search-box.tsx';
import { useCardActions } from '../features/admin-actions/use-card-actions.tsx';
import { pageFromSearch } from '../features/catalog/listing-page-number.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { useLatest } from '../features/catalog/use-latest.ts';
import { useLoaderVisible } from '../features/catalog/use-loader-timeout.ts';
import { useSearch } from '../features/search/use-search.ts';
import { useLocation, useNavigate } from '../lib/router/index.ts';
import { local, STORAGE_KEYS } from '../lib/storage.ts';
import '../features/search/search.css';
import { PAGE } from '../../common/page-paths.ts';
import { LoadError } from '../components/load-error.tsx';

export function SearchPage() {
  // ?q= is the search shown: the search form without JavaScript, a shared link, or a search
  // made here. The server rendered its results, and they hydrate here.
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(search).get('q')?.trim() || null;
  const page = query === null ? 1 : (pageFromSearch(search) ?? 1);
  const [text, setText] = useState(query ?? '');
  // The box shows the address's search when it changes (back, forward, a link); not on the first
  // render, which starts from it, so text typed before the script ran is kept (SearchForm).
  const shownQuery = useRef(query);
  useEffect(() => {
    if (shownQuery.current === query) return;
    shownQuery.current = query;
    setText(query ?? '');
  }, [query]);
  const show = useCallback(
    (term: string | null, next = 1, options: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(term ? { q: term } : {});
      if (term && next > 1) params.set('page', String(next));
      navigate(params.size > 0 ? `${PAGE.explore}?${params}` : PAGE.explore, options);
    },
    [navigate],
  );
  const results = useSearch(query, page);
  const cardActions = useCardActions(results.reload);
  const latest = useLatest(EXPLORE_LATEST);
  const showLoader = useLoaderVisible(results.loading && !results.data);

  useEffect(() => {
    // The navigation bar's stored term, written into the address in place of the bare /explore.
    const apply = () => {
      const stored = local.get(STORAGE_KEYS.search)?.trim();
      if (stored) show(stored, 1, { replace: true });
    };
    // Unless the address names a search.
    const timer = query === null ? setTimeout(apply, SEARCH_DELAY_MS) : undefined;
    window.addEventListener('search-stored', apply);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('search-stored', apply);
    };
  }, [query, show]);

  const searchFor = (term: string) => {
    local.set(STORAGE_KEYS.search, term);
    show(term || null);
  };
  const changePage = (next: number) => {
    show(query, next);
    document.getElementById('results-heading')?.scrollIntoView();
  };

  return (
    <div className="page container explore">
      <h1>Explore</h1>
      <SearchForm
        id="explore-search"
        className="explore-search"
        placeholder="Search by brand, model, colour…"
        text={text}
        onText={setText}
        onSearch={searchFor}
      />

      {query !== null && (
        <section aria-labelledby="results-heading" className="explore-results">
          <h2 id="results-heading">Searched Products</h2>
          <LoadError message={results.error} onRetry={results.reload} />
          {results.data && (
            <>
              {results.data.total > 0 && (
                <p className="listing-count" aria-live="polite">
                  {groupIndian(results.data.total)} {results.data.total === 1 ? 'watch' : 'watches'} for “{query}”
                </p>
              )}
              <ProductGrid products={results.data.items} empty="No Product Found!" eager={2} actions={cardActions} />
              <Pagination
                page={page}
                pageCount={results.data.pageCount}
                href={(p) => `${PAGE.explore}?${new URLSearchParams({ q: query, page: String(p) })}`}
                onPage={changePage}
              />
            </>
          )}
        </section>
      )}

      <section aria-labelledby="latest-heading" className="explore-latest">
        <h2 id="latest-heading">Latest Products</h2>
        {latest.error && (
          <p className="message message-error" role="alert">
            {latest.error}
          </p>
        )}
        {latest.data && <ProductGrid products={latest.data.items} eager={query === null ? 2 : 0} />}
      </section>
      <LoaderOverlay active={showLoader} label="Searching…" />
    </div>
  );
}
