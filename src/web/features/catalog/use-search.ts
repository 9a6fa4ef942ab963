/** GET /api/products/search: ranked, typo-tolerant search on the server. */
import type { ProductPage } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

/** `query` null means "nothing searched yet": no request. */
export function useSearch(query: string | null, page = 1) {
  return useCatalogAnswer<ProductPage>(
    query === null ? null : `/products/search?${new URLSearchParams({ q: query, page: String(page) })}`,
  );
}
