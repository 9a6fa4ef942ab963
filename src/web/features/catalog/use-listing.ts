/** GET /api/products: one page of a listing (category and brand slugs as in the URL). */
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { ProductPage, Sort } from './types.ts';

export interface ListingQuery {
  cate?: string | undefined;
  brand?: string | undefined;
  sort: Sort;
  page: number;
}

function listingUrl(q: ListingQuery): string {
  const params = new URLSearchParams({ sort: q.sort, page: String(q.page) });
  if (q.cate) params.set('category', q.cate);
  if (q.brand) params.set('brand', q.brand);
  return `/products?${params}`;
}

export function useListing(q: ListingQuery) {
  const url = listingUrl(q);
  return useResource<ProductPage>(`catalog:${url}`, (signal) => api<ProductPage>(url, { signal }));
}
