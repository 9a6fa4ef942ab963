/** GET /api/products/latest: the newest products (explore shows 8). */
import { latestApiPath } from '../../../common/catalog-api.ts';
import type { ProductCard } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export function useLatest(limit: number) {
  return useCatalogAnswer<{ items: ProductCard[] }>(latestApiPath(limit));
}
