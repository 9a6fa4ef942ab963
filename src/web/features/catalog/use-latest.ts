/** GET /api/products/latest: the newest products (explore shows 8). */
import { catalogApi, latestApiPath } from '../../../common/catalog-api.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export function useLatest(limit: number) {
  return useCatalogAnswer(catalogApi.latest, latestApiPath(limit));
}
