/** GET /api/products: one page of a listing (category and brand slugs as in the URL). */
import { catalogApi, listingApiPath } from '../../../common/catalog-api.ts';
import type { Sort } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export interface ListingQuery {
  cate?: string | undefined;
  brand?: string | undefined;
  sort: Sort;
  page: number;
}

export function useListing(q: ListingQuery) {
  return useCatalogAnswer(
    catalogApi.listing,
    listingApiPath({ category: q.cate, brand: q.brand, sort: q.sort, page: q.page }),
  );
}
