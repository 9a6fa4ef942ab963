/**
 * Runs once before the reliability scenarios: seeds one SQLite store and (when
 * TEST_DATABASE_URL is set) one PostgreSQL template database; after them,
 * drops the templates (support/summary-reporter.ts prints the figures).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDebianPackage } from '../../scripts/lib.ts';
import { CADDY } from './support/caddy.ts';
import { createPgDatabase, PG_URL, type PgDatabase } from './support/databases.ts';
import { resetFigures } from './support/figures.ts';
import { startStore } from './support/server.ts';

export default async function setup(project: TestProject) {
  resetFigures();
  // The HTTPS scenario runs Debian's Caddy; installed like the journeys' Chromium.
  await ensureDebianPackage(CADDY, 'caddy', 'Caddy');
  const base = mkdtempSync(join(tmpdir(), 'watch-rel-'));
  const started = Date.now();

  const sqliteTemplate = join(base, 'sqlite-template');
  const store = await startStore({ dataDir: sqliteTemplate, seed: true });
  const stopped = await store.stop();
  if (stopped.code !== 0) throw new Error(`The seeding store did not stop cleanly: ${store.output().slice(-2000)}`);

  let pg: PgDatabase | undefined;
  const pgTemplateDir = join(base, 'pg-template');
  if (PG_URL) {
    pg = await createPgDatabase();
    // The same pictures are already stored: seeding finds them and skips re-encoding.
    mkdirSync(pgTemplateDir, { recursive: true });
    cpSync(join(sqliteTemplate, 'uploads'), join(pgTemplateDir, 'uploads'), { recursive: true });
    const pgStore = await startStore({ dataDir: pgTemplateDir, databaseUrl: pg.url, seed: true });
    const pgStopped = await pgStore.stop();
    if (pgStopped.code !== 0) throw new Error(`The PostgreSQL seeding store did not stop: ${pgStore.output()}`);
  } else {
    console.warn('\nTEST_DATABASE_URL is not set: the PostgreSQL scenarios are skipped.\n');
  }
  console.log(`Seeded the reliability templates in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  project.provide('relBase', base);
  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('pgTemplate', pg?.name ?? '');
  project.provide('pgTemplateDir', pgTemplateDir);

  return async () => {
    await pg?.drop();
    rmSync(base, { recursive: true, force: true });
  };
}
