/**
 * Cart queries. Lines always carry the product's current name, prices and
 * stock from the database; a deleted or out-of-stock product stays in the cart
 * marked unavailable (docs/product.md#better-17) and is left out of the totals.
 */
import { sql } from 'kysely';
import { CART_FULL, lineQuantityMax, quantityAdded } from '../../common/cart-rules.ts';

import { productPath } from '../../common/catalog.ts';
import { CART_QTY_MAX, MAX_CART_LINES } from '../../common/constants.ts';
import { cartTotals } from '../../common/money.ts';
import { type Cart, type CartLine, UNKNOWN_PRODUCT } from '../../common/schemas/cart.ts';
import { isAvailable } from '../catalog/product-row.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import { sentWithNext } from '../db/sent-with-next.ts';
import type { Db, ProductRow } from '../db/tables.ts';
import { AppError, notFound } from '../http/errors.ts';

export const NOT_IN_CART = 'This watch is not in your cart';
export const OUT_OF_STOCK = 'Sorry, this watch is out of stock';

type ProductFields = Pick<
  ProductRow,
  'id' | 'name' | 'images' | 'price' | 'discount_price' | 'in_stock' | 'stock_count' | 'deleted_at'
>;
/** The product columns that decide what a line costs and whether it can be ordered (cart and checkout). */
export const PRODUCT_FIELDS = [
  'id',
  'name',
  'images',
  'price',
  'discount_price',
  'in_stock',
  'stock_count',
  'deleted_at',
] as const;

export function isOrderable(p: Pick<ProductRow, 'in_stock' | 'stock_count' | 'deleted_at'>): boolean {
  return isAvailable(p) && p.deleted_at === null;
}

function toCartLine(p: ProductFields, quantity: number): CartLine {
  return {
    productId: p.id,
    name: p.name,
    image: parseJsonList<string>(p.images)[0] ?? '',
    path: productPath(p),
    price: Number(p.price),
    discountPrice: Number(p.discount_price),
    quantity: Number(quantity),
    maxQuantity: lineQuantityMax(p.stock_count === null ? null : Number(p.stock_count)),
    available: isOrderable(p),
  };
}

function toCart(lines: CartLine[]): Cart {
  return { lines, totals: cartTotals(lines.filter((l) => l.available)) };
}

export async function getCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .selectFrom('cart_items as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.quantity', ...PRODUCT_FIELDS.map((f) => `p.${f}` as const)])
    .where('c.user_id', '=', userId)
    .orderBy('c.added_at')
    .orderBy('c.product_id')
    .execute();
  return toCart(rows.map((r) => toCartLine(r, r.quantity)));
}

/** Prices a visitor's local cart: unknown and deleted products are dropped. */
export async function quoteCart(db: Db, lines: Array<{ id: string; quantity: number }>): Promise<Cart> {
  if (lines.length === 0) return toCart([]);
  const products = await db
    .selectFrom('products')
    .select([...PRODUCT_FIELDS])
    .where(
      'id',
      'in',
      lines.map((l) => l.id),
    )
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: CartLine[] = [];
  for (const line of lines) {
    const p = byId.get(line.id);
    if (p && !out.some((l) => l.productId === p.id)) out.push(toCartLine(p, line.quantity));
  }
  return toCart(out);
}

/**
 * Adds `quantity` of a product, or raises the quantity already there, never
 * past the cap (docs/product.md#better-16). One upsert, so two quick clicks cannot both insert.
 */
async function upsertQuantity(db: Db, userId: string, productId: string, quantity: number): Promise<void> {
  const capped = Math.min(quantity, CART_QTY_MAX);
  const max = sql.lit(CART_QTY_MAX);
  // Nothing reads its answer: on PostgreSQL it leaves with the next statement or the COMMIT.
  await sentWithNext(
    db
      .insertInto('cart_items')
      .values({ user_id: userId, product_id: productId, quantity: capped, added_at: nowIso() })
      .onConflict((oc) =>
        oc.columns(['user_id', 'product_id']).doUpdateSet({
          quantity: sql<number>`case when cart_items.quantity + excluded.quantity > ${max} then ${max} else cart_items.quantity + excluded.quantity end`,
        }),
      ),
  ).execute();
}

/** Why a watch cannot go into a cart (unknown, deleted, out of stock), or null when it can. */
export async function productAvailability(
  db: Db,
  productId: string,
): Promise<{ status: number; code: string; message: string } | null> {
  const product = await db
    .selectFrom('products')
    .select(['in_stock', 'stock_count', 'deleted_at'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product || product.deleted_at !== null) return { status: 404, code: 'not_found', message: UNKNOWN_PRODUCT };
  if (!isAvailable(product)) return { status: 409, code: 'out_of_stock', message: OUT_OF_STOCK };
  return null;
}

/** Returns how many watches were added: 0 when the line already held the most allowed. */
export async function addToCart(db: Db, userId: string, productId: string, quantity: number): Promise<number> {
  const refusal = await productAvailability(db, productId);
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
  // Grouped with other shoppers' writes on SQLite: one fsync for many carts.
  return writeTransaction(db, async (trx) => {
    const lines = await lockedCartLines(trx, userId);
    const had = lines.get(productId);
    if (had === undefined && lines.size >= MAX_CART_LINES) throw new AppError(409, 'cart_full', CART_FULL);
    await upsertQuantity(trx, userId, productId, quantity);
    return quantityAdded(had ?? 0, quantity);
  });
}

/**
 * The cart's lines (product id → quantity), read after taking the shopper's row
 * lock (an update of the user row, as place-order takes it: a PostgreSQL row lock, SQLite's one
 * writer), so two adds at once cannot both see room for a 50th line
 * (docs/product.md#limits-and-constants: at most 50 different watches).
 */
async function lockedCartLines(trx: Db, userId: string): Promise<Map<string, number>> {
  // The update that locks is the one that records the cart's change time (the cart reminder's).
  await touchCart(trx, userId);
  const rows = await trx
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.quantity)]));
}

/**
 * Merges a visitor's local cart into the account cart on log-in or sign-up
 * (docs/product.md#better-9): quantities add up, capped at 10; unknown or deleted products
 * are skipped, out-of-stock ones kept so the cart can show them as unavailable.
 * New lines stop at 50 different watches: a log-in never fails for it, the
 * account cart keeps its own lines and takes the visitor's first ones that fit.
 */
export async function mergeIntoCart(db: Db, userId: string, lines: Array<{ id: string; quantity: number }>) {
  if (lines.length === 0) return;
  const existing = await db
    .selectFrom('products')
    .select('id')
    .where(
      'id',
      'in',
      lines.map((l) => l.id),
    )
    .where('deleted_at', 'is', null)
    .execute();
  const known = new Set(existing.map((p) => p.id));
  const merge = async (trx: Db) => {
    const cart = await lockedCartLines(trx, userId);
    for (const line of lines) {
      if (!known.has(line.id) || (!cart.has(line.id) && cart.size >= MAX_CART_LINES)) continue;
      await upsertQuantity(trx, userId, line.id, line.quantity);
      cart.set(line.id, line.quantity);
    }
  };
  // Sign-up merges inside its own transaction; log-in and /cart/merge open one here.
  await (db.isTransaction ? merge(db) : writeTransaction(db, merge));
}

/**
 * The cart changed now: the cart reminder waits 24 hours from here again (reminder.ts). Nothing
 * reads its answer, so on PostgreSQL it leaves with the next statement (db/sent-with-next.ts); the
 * server runs them in order, so a read after it still runs once its row lock is held.
 */
async function touchCart(trx: Db, userId: string): Promise<void> {
  await sentWithNext(trx.updateTable('users').set({ cart_changed_at: nowIso() }).where('id', '=', userId)).execute();
}

export async function setQuantity(db: Db, userId: string, productId: string, quantity: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('cart_items')
      .set({ quantity })
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(NOT_IN_CART);
    await touchCart(trx, userId);
  });
}

export async function removeFromCart(db: Db, userId: string, productId: string): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom('cart_items')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(NOT_IN_CART);
    await touchCart(trx, userId);
  });
}
