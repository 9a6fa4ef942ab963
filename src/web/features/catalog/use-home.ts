/** GET /api/home: latest 4, category counts and the home content in one call. */
import { HOME_API_PATH } from '../../../common/catalog-api.ts';
import type { HomeContent } from '../../../common/schemas/home.ts';
import type { CategoryCounts, ProductCard } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export type { HomeLink } from '../../../common/schemas/home.ts';
export interface HomeData {
  latest: ProductCard[];
  counts: CategoryCounts;
  content: HomeContent | null;
}

export function useHome() {
  return useCatalogAnswer<HomeData>(HOME_API_PATH);
}
