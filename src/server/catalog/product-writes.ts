/**
 * Every write of a product, and the admin's reads of them. Each write keeps the
 * product's search entry in step in the same transaction (search/index-writer.ts),
 * so no caller can leave a product the search does not know of; the admin routes
 * and the test helpers both come through here.
 */
import type { Kysely } from 'kysely';
import type { Brand, Category } from '../../common/catalog.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import type { AdminProductPage } from '../../common/schemas/catalog.ts';
import type { AdminProduct } from '../../common/schemas/product.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, NewProductRow, ProductUpdate } from '../db/tables.ts';
import { toAdminProduct } from './product-row.ts';
import { findLiveRow } from './queries.ts';
import { countWaiting, productRestocked } from './restock-hooks.ts';
import { refreshSearchIndex } from './search/index-writer.ts';

type Db = Kysely<Database>;

/** Adds a product row and its search entry; returns it as the admin reads it. */
export async function createProduct(db: Db, row: NewProductRow): Promise<AdminProduct> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('products').values(row).execute();
    await refreshSearchIndex(trx, row.id);
  });
  return (await findAdminProduct(db, row.id)) as AdminProduct;
}

/**
 * Applies `changes` to a product that is not deleted and returns it as saved;
 * null when there is no such product (never written, or deleted). A watch that is orderable again
 * gets its waiting "Notify me" messages queued in the same transaction (the caller nudges the
 * workers).
 */
export async function updateProduct(
  db: Db,
  config: Config,
  id: string,
  changes: ProductUpdate,
): Promise<AdminProduct | null> {
  return (await changeLiveProduct(db, id, changes, config)) ? findAdminProduct(db, id) : null;
}

/** Soft delete: orders keep their snapshots, carts show the watch unavailable. False when there was none. */
export function deleteProduct(db: Db, id: string): Promise<boolean> {
  const now = nowIso();
  return changeLiveProduct(db, id, { deleted_at: now, updated_at: now });
}

/**
 * Changes a product that is not deleted, with its search entry, in one transaction; false when there
 * is none. With `config`, people waiting for it hear it is back if it is orderable now.
 */
function changeLiveProduct(db: Db, id: string, changes: ProductUpdate, config?: Config): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('products')
      .set(changes)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await refreshSearchIndex(trx, id);
    if (config) await productRestocked(trx, config, id);
    return true;
  });
}

/** One product for the edit form; null when it does not exist or was deleted. */
export async function findAdminProduct(db: Db, id: string): Promise<AdminProduct | null> {
  const row = await findLiveRow(db, id);
  return row ? toAdminProduct(row) : null;
}

/** The admin's list: every live product, in stock or not, newest first. */
export async function listAdminProducts(
  db: Db,
  filter: { category?: Category | undefined; brand?: Brand | undefined; page: number },
): Promise<AdminProductPage> {
  let query = db.selectFrom('products').where('deleted_at', 'is', null);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.brand) query = query.where('brand', '=', filter.brand);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  const total = Number(count.n);
  const waiting = await countWaiting(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({ ...toAdminProduct(r), waiting: waiting.get(r.id) ?? 0 })),
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
