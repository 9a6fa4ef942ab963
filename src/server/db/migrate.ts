import { type MigrationResultSet, Migrator } from 'kysely';
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
 * Kysely asks whether its tables exist by listing the tables of every schema,
 * looking each schema up again by name (has_schema_privilege, pg_get_serial_sequence).
 * When another schema is dropped during that listing (a test finishing beside this
 * one, or an operator), PostgreSQL answers `schema "…" does not exist` for that other
 * schema, or `relation "other.table" does not exist` for one of its tables (seen in CI with a
 * parallel query worker), before any migration ran. Only that answer is tried again, for as long as
 * schemas keep vanishing but at most a minute: a count of tries was not enough when
 * 150 schemas were dropped beside it on a loaded machine (CI, stop 28).
 */
const RETRY_FOR_MS = 60_000;

async function migrate(
  database: Migrated,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const giveUpAt = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const { error, results } = await run(migrator);
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const message = String(error);
    // The other schema, or one of its tables, went while being listed ("t_x.courier_jobs").
    const vanished =
      /schema "([^"]+)" does not exist/.exec(message)?.[1] ??
      /relation "([^".]+)\.[^"]+" does not exist/.exec(message)?.[1];
    if (vanished && vanished !== database.schema && Date.now() < giveUpAt) continue;
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}
