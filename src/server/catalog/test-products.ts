/**
 * Test support: products written the way the admin's product writes will be
 * (row + search index in one transaction), on a real test database.
 */
import type { Kysely } from 'kysely';
import { type ProductInput, productInputSchema } from '../../common/schemas/product.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { toProductRow } from './product-row.ts';
import { refreshSearchIndex } from './search/index-writer.ts';

let clock = Date.parse('2025-01-01T00:00:00Z');

/** Adds a product; each call is one minute newer than the previous one. */
export async function addProduct(
  db: Kysely<Database>,
  input: Partial<ProductInput> & { name: string },
): Promise<{ id: string; createdAt: string }> {
  clock += 60_000;
  const id = newId(clock);
  const createdAt = nowIso(clock);
  const parsed = productInputSchema.parse({ category: 'men watch', brand: 'Rolex', ...input });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values(toProductRow(id, parsed, createdAt))
      .execute();
    await refreshSearchIndex(trx, id);
  });
  return { id, createdAt };
}

export async function deleteProduct(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ deleted_at: nowIso() }).where('id', '=', id).execute();
    await refreshSearchIndex(trx, id);
  });
}
