/**
 * Real databases for tests (never mocks): a fresh SQLite file in a temp folder,
 * and, when TEST_DATABASE_URL is set, a fresh PostgreSQL schema dropped after.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Dialect, type OpenedDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The dialects to run data-layer tests on: SQLite always, PostgreSQL when configured. */
export const TEST_DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends OpenedDatabase {
  dataDir: string;
  /** Closes the connection and removes the schema or files. */
  cleanup: () => Promise<void>;
}

export async function createTestDatabase(dialect: Dialect = 'sqlite', migrate = true): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'watch-test-'));
  let opened: OpenedDatabase;
  let dropSchema: (() => Promise<void>) | undefined;
  if (dialect === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    opened = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 5 });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  } else {
    opened = openDatabase({ sqlitePath: join(dataDir, 'store.sqlite') });
  }
  if (migrate) await migrateToLatest(opened);
  return {
    ...opened,
    dataDir,
    cleanup: async () => {
      await opened.db.destroy();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
