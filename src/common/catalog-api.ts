/**
 * The catalogue's endpoints (src/common/api-contract.ts), and the paths (under /api) of the
 * calls the storefront's screens make as they open. The server embeds the answer to the same
 * path in the page's HTML (src/server/pages), and the client takes it instead of its first
 * request only when the paths are equal, so both sides build them here.
 * Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { apiPath, endpoint } from './api-contract.ts';
import type {
  AdminProductPage,
  AdminProductReply,
  adminProductListQuerySchema,
  CardList,
  CategoryCounts,
  HomeResponse,
  latestQuerySchema,
  listingQuerySchema,
  ProductPage,
  searchQuerySchema,
  stockInputSchema,
  ViewResult,
} from './schemas/catalog.ts';
import type { Product, productInputSchema } from './schemas/product.ts';

export const catalogApi = {
  listing: endpoint<{ reply: ProductPage; query: z.input<typeof listingQuerySchema> }>()('GET', '/products'),
  search: endpoint<{ reply: ProductPage; query: z.input<typeof searchQuerySchema> }>()('GET', '/products/search'),
  latest: endpoint<{ reply: CardList; query: z.input<typeof latestQuerySchema> }>()('GET', '/products/latest'),
  counts: endpoint<{ reply: CategoryCounts }>()('GET', '/products/counts'),
  product: endpoint<{ reply: Product }>()('GET', '/products/:id'),
  related: endpoint<{ reply: CardList }>()('GET', '/products/:id/related'),
  /** Counts a logged-in shopper's view, once per shopper and product. */
  view: endpoint<{ reply: ViewResult }>()('POST', '/products/:id/views'),
  /** The home page in one call: latest products, category counts and the home content. */
  home: endpoint<{ reply: HomeResponse }>()('GET', '/home'),

  /** The admin's products: every product, in stock or not; create, edit, stock, delete. */
  adminProducts: endpoint<{ reply: AdminProductPage; query: z.input<typeof adminProductListQuerySchema> }>()(
    'GET',
    '/admin/products',
  ),
  adminProduct: endpoint<{ reply: AdminProductReply }>()('GET', '/admin/products/:id'),
  createProduct: endpoint<{ reply: AdminProductReply; body: z.input<typeof productInputSchema> }>()(
    'POST',
    '/admin/products',
    201,
  ),
  updateProduct: endpoint<{ reply: AdminProductReply; body: z.input<typeof productInputSchema> }>()(
    'PUT',
    '/admin/products/:id',
  ),
  setStock: endpoint<{ reply: AdminProductReply; body: z.input<typeof stockInputSchema> }>()(
    'PATCH',
    '/admin/products/:id/stock',
  ),
  deleteProduct: endpoint()('DELETE', '/admin/products/:id', 204),
} as const;

export const HOME_API_PATH = catalogApi.home.path;

/** How a listing can be ordered (docs/product.md#listing). */
export const SORTS = ['latest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

/** A listing's ?sort= as the page's URL holds it: one of SORTS, or the default (latest) for anything else. */
export function sortFromQuery(value: string | null): Sort {
  return (SORTS as readonly string[]).includes(value ?? '') ? (value as Sort) : 'latest';
}

/**
 * The query of a listing's own address (docs/decisions/032-controls-in-the-address.md): the sort
 * unless it is the default, then the page when one is named. '' when there is nothing to say.
 */
export function listingSearch(sort: Sort, page?: number): string {
  const params = new URLSearchParams();
  if (sort !== 'latest') params.set('sort', sort);
  if (page !== undefined) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

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
  return `${catalogApi.listing.path}?${params}`;
}

/** GET /api/products/search: ranked, typo-tolerant search (docs/product.md#search). */
export function searchApiPath(query: string, page: number): string {
  return `${catalogApi.search.path}?${new URLSearchParams({ q: query, page: String(page) })}`;
}

export function productApiPath(id: string): string {
  return apiPath(catalogApi.product.path, { id });
}

export function relatedApiPath(id: string): string {
  return apiPath(catalogApi.related.path, { id });
}

/** The newest watches the search screen shows under its results (docs/product.md#search). */
export function latestApiPath(limit: number): string {
  return apiPath(catalogApi.latest.path, {}, { limit });
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
