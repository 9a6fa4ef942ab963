import { Migrator } from 'kysely';
import type { OpenedDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

/**
 * Applies every pending migration; throws with the failing migration's name.
 * On PostgreSQL the migration bookkeeping tables are pinned to the app's schema:
 * otherwise Kysely finds another schema's lock table in the same database and
 * skips creating its own (seen with parallel test schemas).
 */
export async function migrateToLatest(database: Pick<OpenedDatabase, 'db' | 'schema'>): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
