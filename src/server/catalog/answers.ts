/**
 * The catalogue's public answers, made once per catalogue version and then
 * served from the cache (response-cache.ts). The API routes send them, and the
 * page routes can embed the same bytes in the HTML.
 */
import type { Kysely } from 'kysely';
import { brandFromSlug, categoryFromSlug, categorySlug } from '../../common/catalog.ts';
import type { Sort } from '../../common/catalog-api.ts';
import { PAGE_SIZE, RELATED_LIMIT } from '../../common/constants.ts';
import {
  type CategoryCounts,
  cardListSchema,
  categoryCountsSchema,
  type ProductPage,
  productPageSchema,
} from '../../common/schemas/catalog.ts';
import { productSchema } from '../../common/schemas/product.ts';
import type { Database } from '../db/tables.ts';
import { CachedJson } from '../http/cached-json.ts';
import { categoryCounts, findProduct, latestProducts, listProducts, relatedProducts } from './queries.ts';
import { cachedAnswer } from './response-cache.ts';
import { searchProducts } from './search/search.ts';
import { queryWords } from './search/words.ts';

type Db = Kysely<Database>;

function pageOf(items: ProductPage['items'], total: number, page: number): ProductPage {
  return { items, total, page, pageSize: PAGE_SIZE, pageCount: Math.ceil(total / PAGE_SIZE) };
}

/** Live products per category and in all (also part of the home answer: home/answer.ts). */
export async function counts(db: Db): Promise<CategoryCounts> {
  const rows = await categoryCounts(db);
  return {
    total: rows.reduce((sum, c) => sum + c.count, 0),
    categories: rows.map((c) => ({ ...c, slug: categorySlug(c.category) })),
  };
}

export interface ListingQuery {
  category?: string | undefined;
  brand?: string | undefined;
  sort: Sort;
  page: number;
}

export async function listingAnswer(db: Db, query: ListingQuery): Promise<CachedJson> {
  const { category: categoryText, brand: brandText, sort, page } = query;
  const category = categoryText ? categoryFromSlug(categoryText) : null;
  const brand = brandText ? brandFromSlug(brandText) : null;
  // An unknown category or brand is an empty listing, not an error (the URL may be old).
  if ((categoryText && !category) || (brandText && !brand))
    return new CachedJson(productPageSchema, pageOf([], 0, page));
  const answer = await cachedAnswer(db, `listing:${category}|${brand}|${sort}|${page}`, productPageSchema, async () => {
    const { items, total } = await listProducts(db, { category, brand, sort }, page, PAGE_SIZE);
    return pageOf(items, total, page);
  });
  return answer as CachedJson;
}

export async function searchAnswer(db: Db, q: string, page: number): Promise<CachedJson> {
  // Keyed by the query's search words, so "Rolex " and "rolex watch" share one answer.
  const key = `search:${queryWords(q).join(' ')}|${page}`;
  const answer = await cachedAnswer(db, key, productPageSchema, async () => {
    const { items, total } = await searchProducts(db, q, page, PAGE_SIZE);
    return pageOf(items, total, page);
  });
  return answer as CachedJson;
}

export async function countsAnswer(db: Db): Promise<CachedJson> {
  return (await cachedAnswer(db, 'counts', categoryCountsSchema, () => counts(db))) as CachedJson;
}

export async function latestAnswer(db: Db, limit: number): Promise<CachedJson> {
  const answer = await cachedAnswer(db, `latest:${limit}`, cardListSchema, async () => ({
    items: await latestProducts(db, limit),
  }));
  return answer as CachedJson;
}

/** One product, or null when there is no such live product. */
export function productAnswer(db: Db, id: string): Promise<CachedJson | null> {
  return cachedAnswer(db, `product:${id}`, productSchema, () => findProduct(db, id));
}

/** Newest products of the same category, or null when there is no such live product. */
export function relatedAnswer(db: Db, id: string): Promise<CachedJson | null> {
  return cachedAnswer(db, `related:${id}`, cardListSchema, async () => {
    const product = await findProduct(db, id);
    return product ? { items: await relatedProducts(db, product, RELATED_LIMIT) } : null;
  });
}
