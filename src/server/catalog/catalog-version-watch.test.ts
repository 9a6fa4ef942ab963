/**
 * The catalogue version on PostgreSQL without a read per request
 * (docs/decisions/020-catalogue-invalidation.md): a process sees its own write
 * at once, another process's write as soon as the notification arrives (the
 * delay is measured and bounded here), and with its listening connection
 * killed a process reads the version per request, so it never serves an
 * answer from before a write, and listens again, re-reading the version so a
 * write made while it was deaf is not missed. On SQLite the version is read
 * once per turn of the event loop: this process's writes show at once, another
 * process's from the next turn, and an open transaction's never.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { nowIso } from '../db/ids.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DATABASE_URL } from '../test-support/databases.ts';
import { addProduct } from '../test-support/products.ts';
import { currentCatalogVersion, readCatalogVersion } from './catalog-version.ts';
import type { PgCatalogVersionWatch } from './catalog-version-pg.ts';
import { catalogVersionWatchOf } from './catalog-version-watch.ts';
import { updateProduct } from './product-writes.ts';
import { refreshSearchIndex } from './search/index-writer.ts';

/** Another process's write must show within this (measured typically at a few ms on one machine). */
const NOTIFY_BOUND_MS = 1000;
const LISTING = '/api/products?category=men-watch&sort=latest';

async function listingNames(app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ url: LISTING });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: Array<{ name: string }> }).items.map((i) => i.name);
}

function watchOf(app: FastifyInstance): PgCatalogVersionWatch {
  const watch = catalogVersionWatchOf(app.db);
  if (!watch) throw new Error('the app has no catalogue version watch');
  return watch;
}

/** Resolves once the watch is listening (at once when it already is). */
function listening(watch: PgCatalogVersionWatch): Promise<void> {
  return watch.listening ? Promise.resolve() : new Promise((done) => watch.once('listening', () => done()));
}

/** Asks `check` again on every turn of the event loop until it holds; rejects after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((next) => setImmediate(next));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe.skipIf(!TEST_DATABASE_URL)('catalogue version watch on PostgreSQL', () => {
  let a: TestApp;
  let second: OpenedDatabase;
  /** A second app process on the same database: its own pool, its own listening connection. */
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp({ dialect: 'postgres' });
    second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: a.database.schema, poolSize: 5 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: a.database.dataDir, LOG_LEVEL: 'silent' });
    config.uploadsDir = join(a.database.dataDir, 'uploads');
    b = await buildApp({ config, database: second, logger: false });
    await b.ready();
    await Promise.all([listening(watchOf(a.app)), listening(watchOf(b))]);
  });
  let closedB = false;
  afterAll(async () => {
    if (!closedB) await b?.close();
    await second?.db.destroy();
    await a?.close();
  });

  it('shows this process its own write at once', async () => {
    await addProduct(a.app.db, { name: 'Rolex Explorer' });
    expect(await listingNames(a.app)).toContain('Rolex Explorer');
    expect(await listingNames(b)).toContain('Rolex Explorer');
  });

  it('shows this process its own write at once even while its notifications are held back', async () => {
    const { id } = await addProduct(a.app.db, { name: 'Rolex Milgauss' });
    expect(await listingNames(a.app)).toContain('Rolex Milgauss');
    // A listening session inside a transaction gets no notification until it ends: the write
    // below can only be seen through this process knowing of its own write.
    const listener = (watchOf(a.app) as unknown as { client: pg.Client }).client;
    await listener.query('begin');
    try {
      await updateProduct(a.app.db, a.app.config, id, { name: 'Rolex Milgauss Z', updated_at: nowIso() });
      expect(await listingNames(a.app)).toContain('Rolex Milgauss Z');
      expect(watchOf(a.app).listening).toBe(true);
    } finally {
      await listener.query('commit');
    }
  });

  it(`shows another process's write within ${NOTIFY_BOUND_MS} ms, through the notification`, async () => {
    const watchB = watchOf(b);
    const pool = a.database.pool as pg.Pool;
    const toNotified: number[] = [];
    const toVisible: number[] = [];
    for (let i = 0; i < 15; i++) {
      const name = `Omega Seamaster ${i}`;
      expect(await listingNames(b)).not.toContain(name);
      const notified = new Promise<number>((done) => watchB.once('notified', () => done(performance.now())));
      // The write's transaction is the first connection A gets back: its COMMIT has answered.
      const committed = new Promise<number>((done) => pool.once('release', () => done(performance.now())));
      await addProduct(a.app.db, { name, brand: 'Omega' });
      // From A's write returning to B answering with it (one request of B included).
      toVisible.push(await until(async () => (await listingNames(b)).includes(name), NOTIFY_BOUND_MS, name));
      // Seen thanks to the notification, not a read: B stayed listening, and was told.
      expect(watchB.listening).toBe(true);
      // From A's COMMIT answering to B's listener hearing of it (at most 0: heard first).
      toNotified.push(Math.max(0, (await notified) - (await committed)));
    }
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms median, ${Math.max(...values).toFixed(1)} ms max`;
    console.info(
      `catalogue version, 15 writes through A: B notified ${ms(toNotified)} after A's COMMIT answered; B's answer showed the write ${ms(toVisible)} after A's write returned`,
    );
    expect(Math.max(...toVisible)).toBeLessThan(NOTIFY_BOUND_MS);
    expect(Math.max(...toNotified)).toBeLessThan(NOTIFY_BOUND_MS);
  });

  /** Kills B's listening connection and waits until B noticed; B tries again after `retryMs`. */
  async function deafen(watchB: PgCatalogVersionWatch, retryMs: number): Promise<number> {
    const killed = watchB.listenerPid;
    expect(killed).not.toBeNull();
    watchB.retryMs = retryMs;
    const lost = new Promise<void>((done) => watchB.once('lost', () => done()));
    await sql`select pg_terminate_backend(${killed})`.execute(a.app.db);
    await lost;
    watchB.retryMs = 100;
    return killed as number;
  }

  it('reads per request while its listening connection is gone, then listens again', async () => {
    const watchB = watchOf(b);
    // Reconnects only after 3 s, so the writes below all land while B hears nothing.
    const killed = await deafen(watchB, 3000);
    for (let i = 0; i < 3; i++) {
      await addProduct(a.app.db, { name: `Tissot PRX ${i}`, brand: 'Tissot' });
      expect(watchB.listening).toBe(false);
      // Deaf, B still shows every write at once: it reads the version per request.
      expect(await listingNames(b)).toContain(`Tissot PRX ${i}`);
    }
    await listening(watchB);
    expect(watchB.listenerPid).not.toBe(killed);
    // Listening again: another write arrives by notification.
    await addProduct(a.app.db, { name: 'Tissot Gentleman', brand: 'Tissot' });
    await until(async () => (await listingNames(b)).includes('Tissot Gentleman'), NOTIFY_BOUND_MS, 'after reconnect');
    expect(watchB.listening).toBe(true);
  });

  it('re-reads the version when it listens again, so a write made while it was deaf is not missed', async () => {
    const watchB = watchOf(b);
    expect(await listingNames(b)).not.toContain('Seiko Presage');
    await deafen(watchB, 2000);
    await addProduct(a.app.db, { name: 'Seiko Presage', brand: 'Seiko' });
    // B answered nothing while deaf, and the write's notification went to no one of B's.
    expect(watchB.listening).toBe(false);
    await listening(watchB);
    expect(await listingNames(b)).toContain('Seiko Presage');
  });

  it('closes its listening connection with the app', async () => {
    const watchB = watchOf(b);
    const pid = watchB.listenerPid;
    await b.close();
    closedB = true;
    expect(catalogVersionWatchOf(b.db)).toBeUndefined();
    const gone = async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(a.app.db);
      return rows[0]?.n === 0;
    };
    await until(gone, 5000, 'the listening connection to end');
  });
});

describe('catalogue version on SQLite, read once per turn of the event loop', () => {
  let t: TestApp;
  /** Another connection of this process to the same file (as the answer cache tests use). */
  let other: OpenedDatabase;
  /** A connection writing as another process would: nothing of this process hears of it. */
  let outside: SQLite.Database;
  const nextTurn = () => new Promise((next) => setImmediate(next));

  beforeAll(async () => {
    t = await createTestApp();
    other = openDatabase({ sqlitePath: join(t.database.dataDir, 'store.sqlite') });
    outside = new SQLite(join(t.database.dataDir, 'store.sqlite'));
    outside.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    outside?.close();
    await other?.db.destroy();
    await t?.close();
  });

  it('shows writes made in this process at once, within the same turn', async () => {
    await addProduct(t.app.db, { name: 'Cartier Tank' });
    expect(await listingNames(t.app)).toContain('Cartier Tank');
    // No turn passes between these: the write through the other connection still shows.
    await addProduct(other.db, { name: 'Cartier Santos' });
    expect(await listingNames(t.app)).toContain('Cartier Santos');
  });

  it("shows another process's write from the next turn on", async () => {
    const { id } = await addProduct(t.app.db, { name: 'Longines Spirit' });
    expect(await listingNames(t.app)).toContain('Longines Spirit');
    outside.transaction(() => {
      outside.prepare('update products set name = ? where id = ?').run('Longines Spirit Zulu', id);
      outside.prepare("update search_state set version = version + 1 where key = 'version'").run();
    })();
    await nextTurn();
    expect(await listingNames(t.app)).toContain('Longines Spirit Zulu');
  });

  it('never takes the version of a transaction still open on its connection', async () => {
    const before = await readCatalogVersion(t.app.db);
    const trx = await t.app.db.startTransaction().execute();
    let version: number | Promise<number> = -1;
    try {
      await refreshSearchIndex(trx, 'no-such-product');
      version = currentCatalogVersion(t.app.db);
      // It waits for the transaction instead of answering with the uncommitted version.
      expect(version).toBeInstanceOf(Promise);
    } finally {
      await trx.rollback().execute();
    }
    expect(await version).toBe(before);
    await nextTurn();
    expect(await currentCatalogVersion(t.app.db)).toBe(before);
  });
});
