/**
 * Catalogue reads (docs/product.md#better-6: filtering, sorting and paging run here, never
 * in the browser). Plain functions taking the database; deleted products
 * (deleted_at set) are never shown.
 */
import { type Kysely, sql } from 'kysely';
import { CATEGORIES, type Category } from '../../common/catalog.ts';
import type { Sort } from '../../common/catalog-api.ts';
import { percentOff } from '../../common/money.ts';
import type { Product, ProductCard } from '../../common/schemas/product.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, ProductRow } from '../db/tables.ts';
import { CARD_COLUMNS, toProduct, toProductCard } from './product-row.ts';

export interface ListingFilter {
  category: Category | null;
  brand: string | null;
  sort: Sort;
}

export async function listProducts(
  db: Kysely<Database>,
  filter: ListingFilter,
  page: number,
  pageSize: number,
): Promise<{ items: ProductCard[]; total: number }> {
  let base = db.selectFrom('products').where('deleted_at', 'is', null);
  if (filter.category) base = base.where('category', '=', filter.category);
  if (filter.brand) base = base.where('brand', '=', filter.brand);

  let rows = base.select(CARD_COLUMNS);
  // Ties broken by id so pages never repeat or skip a product.
  if (filter.sort === 'price-asc') rows = rows.orderBy('discount_price', 'asc').orderBy('id', 'asc');
  else if (filter.sort === 'price-desc') rows = rows.orderBy('discount_price', 'desc').orderBy('id', 'desc');
  else rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');

  const [items, count] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toProductCard), total: Number(count.n) };
}

/** The row of a product that is not deleted. */
export function findLiveRow(db: Kysely<Database>, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findProduct(db: Kysely<Database>, id: string): Promise<Product | null> {
  const row = await findLiveRow(db, id);
  return row ? toProduct(row) : null;
}

/** Cards for these ids, in the given order (deleted ones left out). */
export async function loadCards(db: Kysely<Database>, ids: string[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(CARD_COLUMNS)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toProductCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Related products (docs/product.md#product-page): same category, not this one, newest first, at
 * most `limit`. Categories are stored as the canonical lowercase names (the
 * product schema's enum), so comparing with the lowercased category is the
 * spec's case-insensitive match and still uses the category index.
 */
export async function relatedProducts(
  db: Kysely<Database>,
  product: { id: string; category: string },
  limit: number,
): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom('products')
    .select(CARD_COLUMNS)
    .where('deleted_at', 'is', null)
    .where('category', '=', product.category.toLowerCase())
    .where('id', '!=', product.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toProductCard);
}

export async function latestProducts(db: Kysely<Database>, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom('products')
    .select(CARD_COLUMNS)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toProductCard);
}

/** Products per category, every category listed (0 when it has none). */
export async function categoryCounts(db: Kysely<Database>): Promise<Array<{ category: Category; count: number }>> {
  const rows = await db
    .selectFrom('products')
    .select(['category', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('category')
    .execute();
  const counts = new Map(rows.map((r) => [r.category, Number(r.n)]));
  return CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
}

/**
 * The largest percentage off MRP among the live watches, as their cards show it (percentOff);
 * 0 when none is discounted.
 */
export async function largestDiscount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(['price', 'discount_price'])
    .where('deleted_at', 'is', null)
    .where('price', '>', 0)
    .where((eb) => eb('discount_price', '<', eb.ref('price')))
    .orderBy(sql`(price - discount_price) * 1.0 / price`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? percentOff(Number(row.price), Number(row.discount_price)) : 0;
}

/** Records that this shopper viewed this product, once per shopper and product. */
export async function recordView(db: Kysely<Database>, productId: string, userId: string): Promise<boolean> {
  const result = await db
    .insertInto('product_views')
    .values({ product_id: productId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
