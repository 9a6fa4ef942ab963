/**
 * Keeps every process's search index in step with the products
 * (docs/decisions/005-search.md).
 *
 * - refreshSearchIndex(trx, productId): call inside the transaction that
 *   creates, updates or (soft-)deletes a product, after the product row is
 *   written. It records the change; each process re-reads that product on its
 *   next search.
 * - rebuildSearchIndex(db): after a bulk insert (the seed, an import); every
 *   process rebuilds its index from the products table on its next search.
 */
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { CATALOG_CHANNEL_SQL, noteCatalogWrite } from '../catalog-version-pg.ts';
import { noteSqliteCatalogWrite, SQLITE_FILE_SQL } from '../catalog-version-sqlite.ts';
import { holdIndex, loadIndex } from './holder.ts';
import { searchDb } from './tables.ts';

/** Change rows kept; a process further behind than this rebuilds its index from scratch. */
export const CHANGES_KEPT = 1000;

/**
 * Moves the catalogue version on, in the caller's transaction, and returns it.
 * On PostgreSQL the same statement notifies every process's version watch
 * (delivered when the transaction commits); on both databases this process's
 * watch is told that a write is in flight (docs/decisions/020-catalogue-invalidation.md).
 */
async function bumpCatalogVersion(trx: Kysely<Database> | Transaction<Database>): Promise<number> {
  const bump = searchDb(trx)
    .updateTable('search_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('key', '=', 'version');
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) {
    const version = Number((await bump.returning('version').executeTakeFirstOrThrow()).version);
    const { rows } = await sql<{ file: string }>`${sql.raw(SQLITE_FILE_SQL)}`.execute(trx);
    noteSqliteCatalogWrite(rows[0]?.file ?? '', version);
    return version;
  }
  const row = await bump
    .returning([
      'version',
      sql<void>`pg_notify(${sql.raw(CATALOG_CHANNEL_SQL)}, version::text)`.as('notified'),
      sql<string>`${sql.raw(CATALOG_CHANNEL_SQL)}`.as('channel'),
      sql<number>`pg_backend_pid()`.as('pid'),
    ])
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  noteCatalogWrite(row.channel, Number(row.pid), version);
  return version;
}

/** Records that this product changed, in the caller's transaction. */
export async function refreshSearchIndex(
  trx: Kysely<Database> | Transaction<Database>,
  productId: string,
): Promise<void> {
  const db = searchDb(trx);
  const version = await bumpCatalogVersion(trx);
  await db.insertInto('search_changes').values({ version, product_id: productId }).execute();
  if (version % 100 === 0)
    await db
      .deleteFrom('search_changes')
      .where('version', '<=', version - CHANGES_KEPT)
      .execute();
}

/**
 * Tells every process to rebuild its index, and builds this process's one now
 * (so a server that seeded at start answers its first search at once).
 */
export async function rebuildSearchIndex(
  database: Kysely<Database>,
  _log: (msg: string) => void = () => {},
): Promise<{ products: number; words: number; ms: number }> {
  const started = performance.now();
  const version = await database.transaction().execute(async (trx) => {
    const db = searchDb(trx);
    // No change row for this version: the gap makes every process reload in full.
    await db.deleteFrom('search_changes').execute();
    return bumpCatalogVersion(trx);
  });
  const index = await loadIndex(database);
  holdIndex(database, index, version);
  return { products: index.size, words: index.postingCount, ms: Math.round(performance.now() - started) };
}
