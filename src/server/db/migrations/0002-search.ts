/**
 * Product search bookkeeping (docs/decisions/005-search.md). Frozen in time:
 * takes Kysely<any> and never imports app code. Portable column types only.
 *
 * The search index itself lives in each app process's memory, built from the
 * products table. These tables tell every process what changed since it built it:
 * - search_state: one row, a version bumped by every product write;
 * - search_changes: which product each version touched (recent ones only), so a
 *   process re-reads just those products instead of the whole catalogue.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('search_state').values({ key: 'version', version: 0 }).execute();

  await db.schema
    .createTable('search_changes')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_changes').execute();
  await db.schema.dropTable('search_state').execute();
}
