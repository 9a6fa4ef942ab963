/**
 * Row types of the search tables (migration 0002-search) and the typed handle
 * for them. They live beside the search code instead of in db/tables.ts because
 * only search reads or writes them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type SearchTables = {
  search_state: { key: string; version: number };
  search_changes: { version: number; product_id: string };
};

export type SearchDb = Kysely<Database & SearchTables>;

/** The same connection or transaction, typed to see the search tables too. */
export function searchDb(db: Kysely<Database> | Transaction<Database>): SearchDb {
  return db.withTables<SearchTables>();
}
