/**
 * Paths (under /api) of the catalogue calls the storefront's screens make as
 * they open. The server embeds the answer to the same path in the page's HTML
 * (src/server/pages), and the client takes it instead of its first request
 * only when the paths are equal, so both sides build them here.
 */

export const HOME_API_PATH = '/home';

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

export function productApiPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}
