/**
 * The catalogue version: a counter in search_state that every product write
 * bumps in its own transaction (search/index-writer.ts). Each process compares
 * it with what its search index and answer cache were built from, so all
 * processes see a write as soon as it commits.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { searchDb } from './search/tables.ts';

// Read before every catalogue answer, so it is compiled once per database
// rather than built and compiled per request.
const compiled = new WeakMap<object, CompiledQuery<{ version: number }>>();

export async function readCatalogVersion(db: Kysely<Database>): Promise<number> {
  let query = compiled.get(db);
  if (!query) {
    query = searchDb(db).selectFrom('search_state').select('version').where('key', '=', 'version').compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return Number(rows[0]?.version ?? 0);
}
