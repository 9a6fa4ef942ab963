/** GET /api/home: latest 4, category counts and the home content in one call. */
import type { HomeContent } from '../../../common/schemas/home.ts';
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { CategoryCounts, ProductCard } from './types.ts';

export type { HomeLink } from '../../../common/schemas/home.ts';
export interface HomeData {
  latest: ProductCard[];
  counts: CategoryCounts;
  content: HomeContent | null;
}

export function useHome() {
  return useResource<HomeData>('catalog:/home', (signal) => api<HomeData>('/home', { signal }));
}
