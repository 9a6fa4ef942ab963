/**
 * Product search on the server (docs/product.md#search, docs/decisions/005-search.md): every
 * query word must match some word of the product, by substring or by typo
 * similarity above 0.4; products are ranked by the sum over query words of
 * (best match score x field weight), then newest first; a page at a time.
 *
 * A query with no search word left ("watch", "clocks", "" or "&") filters
 * nothing: it lists every watch, newest first, like the latest listing, instead
 * of "No Product Found!".
 */
import type { Kysely } from 'kysely';
import type { ProductCard } from '../../../common/schemas/product.ts';
import type { Database } from '../../db/tables.ts';
import { listProducts, loadCards } from '../queries.ts';
import { currentIndex } from './holder.ts';
import { queryWords } from './words.ts';

export interface SearchPage {
  items: ProductCard[];
  total: number;
}

export async function searchProducts(
  db: Kysely<Database>,
  query: string,
  page: number,
  pageSize: number,
): Promise<SearchPage> {
  const terms = queryWords(query);
  if (terms.length === 0) return listProducts(db, { category: null, brand: null, sort: 'latest' }, page, pageSize);
  const index = await currentIndex(db);
  const expanded = index.expand(terms);
  if (!expanded) return { items: [], total: 0 };
  const { ordinals, total } = index.rank(expanded, (page - 1) * pageSize, pageSize);
  return { items: await loadCards(db, index.idsOf(ordinals)), total };
}
