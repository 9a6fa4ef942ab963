/**
 * The storefront's API calls that the benchmarks load, as concrete URLs on a
 * running store: the listing of issue 7 (one category, sorted by price, 40
 * products), a product and its related products, the typo search "rolx", and
 * the home page data.
 */
import { get } from './load.ts';

export const LISTING_CATEGORY = 'men-watch';
export const SEARCH_QUERY = 'rolx';

export interface Endpoint {
  name: string;
  path: string;
}

interface PageBody {
  items: Array<{ id: string; name: string; brand: string }>;
  total: number;
  pageCount: number;
}

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await get(url, { accept: 'application/json' });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return JSON.parse(res.body.toString()) as T;
}

export function listingPath(page = 1): string {
  return `/api/products?category=${LISTING_CATEGORY}&sort=price-asc&page=${page}`;
}

export interface StoreEndpoints {
  listing: Endpoint;
  product: Endpoint;
  related: Endpoint;
  search: Endpoint;
  home: Endpoint;
  /** The listing's last page: OFFSET's worst case. */
  lastPage: Endpoint;
  /** A product of the listing, for the pages benchmark. */
  sample: { id: string; name: string };
  listingTotal: number;
}

export async function storeEndpoints(baseUrl: string): Promise<StoreEndpoints> {
  const first = await fetchJson<PageBody>(baseUrl + listingPath());
  const sample = first.items[0];
  if (!sample) throw new Error(`The listing ${listingPath()} is empty: is the catalogue seeded?`);
  const id = encodeURIComponent(sample.id);
  return {
    listing: { name: 'listing', path: listingPath() },
    product: { name: 'product', path: `/api/products/${id}` },
    related: { name: 'related', path: `/api/products/${id}/related` },
    search: { name: `search "${SEARCH_QUERY}"`, path: `/api/products/search?q=${SEARCH_QUERY}` },
    home: { name: 'home', path: '/api/home' },
    lastPage: { name: 'listing, last page', path: listingPath(Math.max(1, first.pageCount)) },
    sample: { id: sample.id, name: sample.name },
    listingTotal: first.total,
  };
}
