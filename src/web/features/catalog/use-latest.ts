/** GET /api/products/latest: the newest products (explore shows 8). */
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { ProductCard } from './types.ts';

export function useLatest(limit: number) {
  const url = `/products/latest?limit=${limit}`;
  return useResource<{ items: ProductCard[] }>(`catalog:${url}`, (signal) => api(url, { signal }));
}
