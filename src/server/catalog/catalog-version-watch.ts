/**
 * How each app process learns its catalogue version without a database round trip per request
 * (docs/decisions/020-catalogue-invalidation.md): on PostgreSQL a LISTENing connection
 * (catalog-version-pg.ts), on SQLite one read per turn of the event loop (catalog-version-sqlite.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { OpenedDatabase } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { setCatalogVersionSource } from './catalog-version.ts';
import { type Log, PgCatalogVersionWatch } from './catalog-version-pg.ts';
import { SqliteCatalogVersion } from './catalog-version-sqlite.ts';

export interface CatalogVersionWatch {
  close(): Promise<void>;
}

const watches = new WeakMap<object, PgCatalogVersionWatch>();

/**
 * Sets up how `database` learns its catalogue version (the app does this once
 * and closes it with the app). Without it, every call reads the row.
 */
export function watchCatalogVersion(database: OpenedDatabase, log: Log): CatalogVersionWatch {
  const { db } = database;
  if (database.pool) {
    const watch = new PgCatalogVersionWatch(db, database.pool, log);
    watches.set(db, watch);
    setCatalogVersionSource(db, watch);
    return {
      close: async () => {
        setCatalogVersionSource(db, null);
        watches.delete(db);
        await watch.close();
      },
    };
  }
  if (database.sqlite) setCatalogVersionSource(db, new SqliteCatalogVersion(db, database.sqlite));
  return { close: async () => setCatalogVersionSource(db, null) };
}

/** The PostgreSQL watch of an app's database handle, if any (for tests and diagnostics). */
export function catalogVersionWatchOf(db: Kysely<Database>): PgCatalogVersionWatch | undefined {
  return watches.get(db);
}

/** The app's watch: set up when the app is ready (nothing is left open if building it fails), closed with it. */
export function registerCatalogVersionWatch(app: FastifyInstance, database: OpenedDatabase): void {
  let watch: CatalogVersionWatch | undefined;
  app.addHook('onReady', async () => {
    watch = watchCatalogVersion(database, app.log);
  });
  app.addHook('onClose', async () => {
    await watch?.close();
  });
}
