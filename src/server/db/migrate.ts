import {
  type DatabaseIntrospector,
  type Kysely,
  type MigrationResultSet,
  Migrator,
  sql,
  type TableMetadata,
} from 'kysely';
import type { OpenedDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

type Migrated = Pick<OpenedDatabase, 'db' | 'schema'>;

/** Applies every pending migration; throws with the failing migration's name. */
export function migrateToLatest(database: Migrated): Promise<string[]> {
  return migrate(database, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `name` (tests of a migration start from the one before). */
export function migrateTo(database: Migrated, name: keyof typeof migrations): Promise<string[]> {
  return migrate(database, (migrator) => migrator.migrateTo(name));
}

/**
 * On PostgreSQL the migration bookkeeping tables are pinned to the app's schema:
 * otherwise Kysely finds another schema's lock table in the same database and
 * skips creating its own (seen with parallel test schemas).
 *
 * Kysely's Migrator asks whether its two tables exist through `db.introspection.getTables()`,
 * which on PostgreSQL lists every column of every table in every schema of the database and
 * looks each one up again (pg_get_serial_sequence). A schema dropped or a table altered beside
 * that listing (a test finishing, another instance migrating its own schema, an operator) made
 * it fail before any migration ran: `schema "…" does not exist`, `relation "other.table" does
 * not exist`, and `column "created_at" of relation "whatsapp_outbox" does not exist` in a
 * parallel query worker (CI, stops 28 and 31). Retrying on those messages caught the first two
 * and missed the third. The Migrator is now given the same database with an introspection that
 * lists only the migration schema's tables, by name, so nothing in another schema is read.
 */
function scopedToSchema(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  // Everything else is the database itself (bound: Kysely keeps its state in private fields).
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function migrate(
  database: Migrated,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.schema ? scopedToSchema(database.db as Kysely<unknown>, database.schema) : database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await run(migrator);
  if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const failed = results?.find((r) => r.status === 'Error');
  throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
}
