/**
 * The listing's current page (docs/product.md#listing): 1-based in the URL hash (#3), or in the
 * query (?page=3: the page links' own address, which works without JavaScript). The page
 * shown is also kept in session storage with the listing path, so arriving again
 * at the same listing without a hash (e.g. the navigation bar's Products link)
 * comes back to it. Any navigation inside the listing (a tab, the brand, the
 * breadcrumb) starts at page 1 unless its URL names a page; a hash that is not a
 * page number means page 1.
 */
import { useCallback, useEffect, useState } from 'react';
import { pageNumber } from '../../../common/catalog-api.ts';
import { groupIndian } from '../../../common/money.ts';
import { useHydrated } from '../../lib/page-data.ts';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { STORAGE_KEYS, session } from '../../lib/storage.ts';

/** "#3" is 3; an empty hash is null (no page named); anything else ("#abc", "#0", "#1.5") is page 1. */
export function pageFromHash(hash: string): number | null {
  return pageNumber(hash.replace(/^#/, ''));
}

/** "?page=3" is 3, as the server reads it (src/server/pages/catalog-heads.ts); no page named is null. */
export function pageFromSearch(search: string): number | null {
  return pageNumber(new URLSearchParams(search).get('page') ?? '');
}

/** A page number kept within the pages there are: past the last is the last, and no pages is page 1. */
export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(page, 1), Math.max(pageCount, 1));
}

function storedPage(path: string): number | null {
  try {
    const saved = JSON.parse(session.get(STORAGE_KEYS.listingPage) ?? 'null') as {
      path?: string;
      page?: number;
    } | null;
    const page = saved?.path === path ? Number(saved.page) : Number.NaN;
    return Number.isInteger(page) && page >= 1 ? page : null;
  } catch {
    return null;
  }
}

/**
 * [page, setPage]. `setPage(n, { replace })` writes #n into the URL (replacing
 * the entry for a correction such as clamping, adding one for the shopper's clicks).
 */
export function useListingPage(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const { pathname, search, hash, key } = useLocation();
  const navigate = useNavigate();
  // The hash and the stored page are the browser's alone: until the server's HTML is
  // hydrated, the page is the one the server rendered (?page=N, or the first).
  const hydrated = useHydrated();
  // Only the entry the listing opened at may take the stored page; later entries start at 1.
  const [arrivalKey] = useState(key);
  const named = (hydrated ? pageFromHash(hash) : null) ?? pageFromSearch(search);
  const restored = hydrated && named === null && key === arrivalKey ? storedPage(pathname) : null;
  const page = named ?? restored ?? 1;

  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) => {
      // The rest of the query (the sort: docs/decisions/032-controls-in-the-address.md) stays; the hash names the page.
      const kept = new URLSearchParams(search);
      kept.delete('page');
      navigate({ pathname, search: kept.size > 0 ? `?${kept}` : '', hash: `#${next}` }, options);
    },
    [navigate, pathname, search],
  );

  // The URL always says which page is shown: a restored page gets its hash.
  useEffect(() => {
    if (restored !== null && restored !== 1) setPage(restored, { replace: true });
  }, [restored, setPage]);
  // The stored page is the one last shown, with its listing.
  useEffect(() => {
    session.set(STORAGE_KEYS.listingPage, JSON.stringify({ path: pathname, page }));
  }, [pathname, page]);

  return [page, setPage];
}

/** "Showing 1–40 of 120 watches", "Showing 1 watch", "Showing 41 of 41 watches", in Indian digit grouping. */
export function listingCountText(first: number, last: number, total: number): string {
  if (total <= 0 || first < 1 || last < first) return '';
  if (total === 1) return 'Showing 1 watch';
  const shown = first === last ? groupIndian(first) : `${groupIndian(first)}–${groupIndian(last)}`;
  return `Showing ${shown} of ${groupIndian(total)} watches`;
}
