/**
 * The catalogue version: a counter in search_state that every product write
 * bumps in its own transaction (search/index-writer.ts). Each process compares
 * it with what its search index and answer cache were built from.
 *
 * currentCatalogVersion(db) is the one way to get it. With no watch on `db` it
 * reads the row (one tiny query); the app registers a watch
 * (catalog-version-watch.ts, docs/decisions/020-catalogue-invalidation.md) that
 * answers from memory on PostgreSQL while it is listening for the writes'
 * notifications, and reads the row without Kysely's round of promises on SQLite.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { searchDb } from './search/tables.ts';

// Read before every catalogue answer, so it is compiled once per database
// rather than built and compiled per request.
const compiled = new WeakMap<object, CompiledQuery<{ version: number }>>();

/** The version as the database has it now (one primary-key lookup). */
/** The version row read as plain SQL, by the watches' own statements (catalog-version-pg.ts, -sqlite.ts). */
export const VERSION_SQL = "select version from search_state where key = 'version'";

export async function readCatalogVersion(db: Kysely<Database>): Promise<number> {
  let query = compiled.get(db);
  if (!query) {
    query = searchDb(db).selectFrom('search_state').select('version').where('key', '=', 'version').compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return Number(rows[0]?.version ?? 0);
}

/** Where a database handle's version comes from when something better than a read per call is set up. */
export interface CatalogVersionSource {
  /** The version, at least as new as every write this process made or was told of. */
  current(): number | Promise<number>;
}

const sources = new WeakMap<object, CatalogVersionSource>();

export function setCatalogVersionSource(db: Kysely<Database>, source: CatalogVersionSource | null): void {
  if (source) sources.set(db, source);
  else sources.delete(db);
}

/**
 * The catalogue version to file answers under and to bring the search index
 * up to. A plain number when it is known without asking the database.
 */
export function currentCatalogVersion(db: Kysely<Database>): number | Promise<number> {
  const source = sources.get(db);
  return source ? source.current() : readCatalogVersion(db);
}
