/** GET /api/products/search: ranked, typo-tolerant search on the server. */
import { catalogApi, searchApiPath } from '../../../common/catalog-api.ts';
import { useCatalogAnswer } from '../catalog/use-catalog-answer.ts';

/** `query` null means "nothing searched yet": no request. */
export function useSearch(query: string | null, page = 1) {
  return useCatalogAnswer(catalogApi.search, query === null ? null : searchApiPath(query, page));
}
