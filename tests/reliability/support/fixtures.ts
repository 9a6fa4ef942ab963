/**
 * Seeded starting points. Seeding renders the demo pictures (close to a minute
 * on a busy 2-core machine), so the global setup seeds once per dialect and
 * every scenario starts from a copy: a copied data folder for SQLite, a
 * `create database … template` for PostgreSQL.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createPgDatabase } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    relBase: string;
    sqliteTemplate: string;
    /** Empty when PostgreSQL is not configured (TEST_DATABASE_URL unset). */
    pgTemplate: string;
    pgTemplateDir: string;
  }
}

export type Dialect = 'sqlite' | 'postgres';

export interface Fresh {
  dialect: Dialect;
  dataDir: string;
  sqlitePath: string;
  databaseUrl: string | undefined;
  cleanup: () => Promise<void>;
}

export const postgresConfigured = () => inject('pgTemplate') !== '';

/** A store's data (database and uploaded images) as seeded, for one scenario to use up. */
export async function freshData(dialect: Dialect): Promise<Fresh> {
  const dataDir = mkdtempSync(join(inject('relBase'), `${dialect}-`));
  if (dialect === 'sqlite') {
    cpSync(inject('sqliteTemplate'), dataDir, { recursive: true });
    return {
      dialect,
      dataDir,
      sqlitePath: join(dataDir, 'store.sqlite'),
      databaseUrl: undefined,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  cpSync(inject('pgTemplateDir'), dataDir, { recursive: true });
  const database = await createPgDatabase(inject('pgTemplate'));
  return {
    dialect,
    dataDir,
    sqlitePath: join(dataDir, 'store.sqlite'),
    databaseUrl: database.url,
    cleanup: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
