/** GET /api/products/search: ranked, typo-tolerant search on the server. */
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { ProductPage } from './types.ts';

/** `query` null means "nothing searched yet": no request. */
export function useSearch(query: string | null, page = 1) {
  const url = query === null ? null : `/products/search?${new URLSearchParams({ q: query, page: String(page) })}`;
  return useResource<ProductPage>(url && `catalog:${url}`, (signal) => api<ProductPage>(url ?? '', { signal }));
}
