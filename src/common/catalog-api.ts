/**
 * Paths (under /api) of the catalogue calls the storefront's screens make as
 * they open. The server embeds the answer to the same path in the page's HTML
 * (src/server/pages), and the client takes it instead of its first request
 * only when the paths are equal, so both sides build them here.
 */

export const HOME_API_PATH = '/home';

/** How a listing can be ordered (docs/product.md#listing). */
export const SORTS = ['latest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListingApiQuery {
  /** Category and brand slugs as they are in the page's URL. */
  category?: string | undefined;
  brand?: string | undefined;
  sort: string;
  page: number;
}

export function listingApiPath(q: ListingApiQuery): string {
  const params = new URLSearchParams({ sort: q.sort, page: String(q.page) });
  if (q.category) params.set('category', q.category);
  if (q.brand) params.set('brand', q.brand);
  return `/products?${params}`;
}

/** GET /api/products/search: ranked, typo-tolerant search (docs/product.md#search). */
export function searchApiPath(query: string, page: number): string {
  return `/products/search?${new URLSearchParams({ q: query, page: String(page) })}`;
}

export function productApiPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}

/** The newest watches the search screen shows under its results (docs/product.md#search). */
export function latestApiPath(limit: number): string {
  return `/products/latest?limit=${limit}`;
}

/**
 * A page number as a listing's or a search's URL gives it, in the hash (#3,
 * the spec's form) or the query (?page=3, which works without JavaScript): ''
 * names no page (null); anything but a page number ("abc", "0", "1.5") is page 1.
 */
export function pageNumber(text: string): number | null {
  if (text === '') return null;
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}
