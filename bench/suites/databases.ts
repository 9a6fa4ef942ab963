/**
 * Benchmark 7 (issue 14), the listing on both databases: the same listing
 * call under autocannon at 50 connections on 10 000 products, served by the
 * store on SQLite, by the store on PostgreSQL (a scratch database seeded the
 * same way) and by a bare Fastify server answering the same bytes from memory.
 * The three take turns within each run and the ratios are taken per run
 * (decision 006), so a noisy neighbour slows every side of one run alike.
 */

import { CONNECTIONS, medianResult } from '../lib/against-limit.ts';
import { type Canned, startBare } from '../lib/bare.ts';
import { listingPath } from '../lib/endpoints.ts';
import { cannon, get, type LoadResult } from '../lib/load.ts';
import type { BenchOptions } from '../lib/options.ts';
import { createScratchDatabase, postgresReachable, postgresTransport } from '../lib/postgres.ts';
import { baseEnv, cpuMs, runScript, scratchDir } from '../lib/process.ts';
import { type RunningServer, startStore } from '../lib/server.ts';
import { fixed, median, percent, runsText, whole } from '../lib/stats.ts';
import { catalogueStore } from '../lib/stores.ts';
import { printTable, progress } from '../lib/table.ts';

/** Issue 14 compares the databases at this size. */
export const DATABASES_PRODUCTS = 10_000;

export interface DatabasesRow {
  side: 'SQLite' | 'PostgreSQL' | 'bare Fastify';
  load: LoadResult;
  /** Median over runs of this side's req/s divided by SQLite's (same run). */
  ofSqlite: number;
  /** Median over runs of this side's req/s divided by the bare route's (same run). */
  ofBare: number;
  /** Median over runs of the serving process's CPU (user + system) per answered request, µs. */
  cpuUs: number;
}

export interface DatabasesResult {
  products: number;
  bytes: number;
  rows: DatabasesRow[];
}

/** The store on a scratch PostgreSQL database seeded with `products` products (dropped at the end). */
async function postgresStore(products: number): Promise<RunningServer & { drop(): Promise<void> }> {
  const scratch = await createScratchDatabase();
  try {
    progress(`databases: seeding ${products.toLocaleString('en-US')} products into a scratch PostgreSQL database`);
    const dataDir = scratchDir('pg-listing');
    await runScript(
      'scripts/seed.ts',
      ['--products', String(products), '--data-dir', dataDir],
      baseEnv({ DATABASE_URL: scratch.url }),
    );
    const store = await startStore({
      dataDir,
      databaseUrl: scratch.url,
      label: `the store on PostgreSQL, ${products.toLocaleString('en-US')} products`,
    });
    return {
      ...store,
      drop: async () => {
        await store.stop();
        await scratch.drop();
      },
    };
  } catch (err) {
    await scratch.drop();
    throw err;
  }
}

export async function benchDatabases(options: BenchOptions): Promise<DatabasesResult> {
  const products = options.quick ? 1000 : DATABASES_PRODUCTS;
  const sqlite = await catalogueStore(products);
  const pg = (await postgresReachable()) ? await postgresStore(products) : undefined;
  if (!pg) progress('databases: PostgreSQL is not reachable; its row is left out');
  const path = listingPath();
  const first = await get(sqlite.url + path);
  if (first.status !== 200) throw new Error(`${path} answered ${first.status} on SQLite`);
  if (pg) {
    const other = await get(pg.url + path);
    if (other.status !== 200) throw new Error(`${path} answered ${other.status} on PostgreSQL`);
  }
  const canned: Record<string, Canned> = {
    '/listing': { contentType: String(first.headers['content-type']), body: first.body },
  };
  const bare = await startBare(canned);
  try {
    const sides: Array<{ side: DatabasesRow['side']; url: string; pid: number }> = [
      { side: 'SQLite', url: sqlite.url + path, pid: sqlite.pid },
      ...(pg ? [{ side: 'PostgreSQL' as const, url: pg.url + path, pid: pg.pid }] : []),
      { side: 'bare Fastify', url: `${bare.url}/listing`, pid: bare.pid },
    ];
    progress('databases: warming up');
    for (const s of sides) await cannon(s.url, { connections: CONNECTIONS, seconds: 1 });
    const runs = new Map(sides.map((s) => [s.side, [] as LoadResult[]]));
    const ofSqlite = new Map(sides.map((s) => [s.side, [] as number[]]));
    const ofBare = new Map(sides.map((s) => [s.side, [] as number[]]));
    const cpu = new Map(sides.map((s) => [s.side, [] as number[]]));
    for (let run = 1; run <= options.runs; run++) {
      const measured = new Map<string, LoadResult>();
      for (const s of sides) {
        progress(`databases: run ${run}/${options.runs}, ${s.side}`);
        const before = cpuMs(s.pid);
        const load = await cannon(s.url, { connections: CONNECTIONS, seconds: options.seconds });
        cpu.get(s.side)?.push(((cpuMs(s.pid) - before) * 1000) / (load.rps * options.seconds));
        measured.set(s.side, load);
      }
      const sqliteRps = measured.get('SQLite')?.rps ?? Number.NaN;
      const bareRps = measured.get('bare Fastify')?.rps ?? Number.NaN;
      for (const s of sides) {
        const result = measured.get(s.side) as LoadResult;
        runs.get(s.side)?.push(result);
        ofSqlite.get(s.side)?.push(result.rps / sqliteRps);
        ofBare.get(s.side)?.push(result.rps / bareRps);
      }
    }
    const rows: DatabasesRow[] = sides.map((s) => ({
      side: s.side,
      load: medianResult(runs.get(s.side) ?? []),
      ofSqlite: median(ofSqlite.get(s.side) ?? []),
      ofBare: median(ofBare.get(s.side) ?? []),
      cpuUs: median(cpu.get(s.side) ?? []),
    }));
    printDatabases(rows, products, first.body.length, options);
    return { products, bytes: first.body.length, rows };
  } finally {
    await bare.stop();
    await pg?.drop();
  }
}

function printDatabases(rows: DatabasesRow[], products: number, bytes: number, options: BenchOptions): void {
  printTable(
    `7. Listing on SQLite and PostgreSQL: ${products.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${options.seconds} s per run, median of ${runsText(options.runs)}`,
    rows.map((r) => ({
      served: r.side === 'bare Fastify' ? 'bare Fastify (same bytes)' : `store on ${r.side}`,
      'req/s': whole(r.load.rps),
      'p50 ms': fixed(r.load.p50, 0),
      'p99 ms': fixed(r.load.p99, 0),
      'of SQLite': percent(r.ofSqlite),
      'of bare': percent(r.ofBare),
      'CPU µs/request': whole(r.cpuUs),
      errors: r.load.errors + r.load.non2xx,
    })),
    [
      `GET ${listingPath()} (40 cards, ${whole(bytes)} body bytes), no Accept-Encoding; every process on this machine, over loopback.`,
      `The PostgreSQL store runs on a scratch database seeded like the SQLite one and dropped afterwards, reached ${postgresTransport()}; the bare route is a Fastify server in its own process answering the SQLite store’s body and content type from memory.`,
      '"of SQLite" and "of bare" are medians of the per-run ratios of requests/s (the three sides take turns within each run).',
      'CPU µs/request: user + system CPU of the serving process per answered request (median of the runs). It moves less than requests/s when other work on the shared machine takes the cores in bursts.',
    ],
  );
}
