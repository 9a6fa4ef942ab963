/** GET /api/products/search: ranked, typo-tolerant search on the server. */
import { searchApiPath } from '../../../common/catalog-api.ts';
import type { ProductPage } from '../catalog/types.ts';
import { useCatalogAnswer } from '../catalog/use-catalog-answer.ts';

/** `query` null means "nothing searched yet": no request. */
export function useSearch(query: string | null, page = 1) {
  return useCatalogAnswer<ProductPage>(query === null ? null : searchApiPath(query, page));
}
