/**
 * Test support: products written through the same module as the admin's
 * product writes (row + search index in one transaction), on a real test database.
 */
import type { Kysely } from 'kysely';
import { type ProductInput, productInputSchema } from '../../common/schemas/product.ts';
import { toProductRow } from '../catalog/product-row.ts';
import { createProduct } from '../catalog/product-writes.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';

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
  await createProduct(db, toProductRow(id, parsed, createdAt));
  return { id, createdAt };
}

export { deleteProduct } from '../catalog/product-writes.ts';
