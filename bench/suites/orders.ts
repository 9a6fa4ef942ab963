/**
 * Benchmark 3, orders: 50 shoppers placing orders at once, on SQLite (WAL,
 * synchronous=FULL as src/server/db/database.ts sets it) and on PostgreSQL.
 * After the load the store is killed with SIGKILL (a crash: nothing flushed,
 * nothing closed) and every acknowledged order is looked up in the database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { copyDataDir, seededDataDir } from '../lib/catalogue.ts';
import { durableCommitsPerSecond } from '../lib/commit-limit.ts';
import type { BenchOptions } from '../lib/options.ts';
import { type OrderFlow, type OrderLoad, placeOrders } from '../lib/order-load.ts';
import { createScratchDatabase, postgresReachable, storedOrdersPg } from '../lib/postgres.ts';
import { baseEnv, ROOT, runScript, scratchDir } from '../lib/process.ts';
import { profiling, type RunningServer, startStore } from '../lib/server.ts';
import { inStockProductIds, signUpShoppers } from '../lib/shoppers.ts';
import { fixed, median, runsText, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

export const SHOPPERS = 50;
const FLOWS: OrderFlow[] = ['lines', 'cart'];

export interface OrdersRow {
  database: string;
  flow: OrderFlow;
  rate: number;
  p50: number;
  p99: number;
  acked: number;
  failed: number;
}

export interface OrdersResult {
  rows: OrdersRow[];
  /** The disk's durable one-row SQLite commits per second, median over the runs. */
  commitLimit?: number;
  /** Per database: acknowledged orders, how many of them were found after the crash. */
  checks: Array<{ database: string; acked: number; stored: number }>;
}

/** SIGKILL; under --profile a graceful stop instead, so the CPU profile gets written. */
async function crash(store: RunningServer): Promise<void> {
  if (profiling()) await store.stop();
  else await store.kill();
}

function sqliteSynchronous(): string {
  const source = readFileSync(join(ROOT, 'src/server/db/database.ts'), 'utf8');
  return source.match(/synchronous\s*=\s*(\w+)/)?.[1] ?? 'unknown';
}

function storedOrdersSqlite(file: string, ids: string[]): number {
  const db = new SQLite(file);
  try {
    const query = db.prepare(
      'select count(*) as n from orders o where o.id = ? and exists (select 1 from order_lines l where l.order_id = o.id)',
    );
    return ids.reduce((n, id) => n + Number((query.get(id) as { n: number }).n), 0);
  } finally {
    db.close();
  }
}

async function loadStore(
  database: string,
  store: RunningServer,
  options: BenchOptions,
  /** SQLite: the folder of its file, to measure the disk's durable commits beside each run. */
  sqliteDir?: string,
): Promise<{ rows: OrdersRow[]; acked: string[]; commitLimit: number }> {
  progress(`orders (${database}): signing up ${SHOPPERS} shoppers`);
  const cookies = await signUpShoppers(store.url, SHOPPERS);
  const products = await inStockProductIds(store.url);
  // A short unmeasured round: JIT, statement caches, first pages of the tables.
  const warm = await placeOrders(store.url, cookies, products, 1, 'lines');
  const acked = [...warm.acked];
  const runs = new Map<OrderFlow, OrderLoad[]>(FLOWS.map((f) => [f, []]));
  const limits: number[] = [];
  for (let run = 1; run <= options.runs; run++) {
    if (sqliteDir) limits.push(durableCommitsPerSecond(sqliteDir, Math.min(3, options.seconds)));
    for (const flow of FLOWS) {
      progress(`orders (${database}): run ${run}/${options.runs}, ${flow}`);
      const load = await placeOrders(store.url, cookies, products, options.seconds, flow);
      runs.get(flow)?.push(load);
      acked.push(...load.acked);
      for (const [what, n] of load.failures) progress(`orders (${database}): ${n} x ${what}`);
    }
  }
  const rows = FLOWS.map((flow) => {
    const loads = runs.get(flow) ?? [];
    return {
      database,
      flow,
      rate: median(loads.map((l) => l.rate)),
      p50: median(loads.map((l) => l.p50)),
      p99: median(loads.map((l) => l.p99)),
      acked: loads.reduce((n, l) => n + l.acked.length, 0),
      failed: loads.reduce((n, l) => n + [...l.failures.values()].reduce((a, b) => a + b, 0), 0),
    };
  });
  return { rows, acked, commitLimit: median(limits) };
}

export async function benchOrders(options: BenchOptions): Promise<OrdersResult> {
  const products = options.quick ? 300 : 1000;
  const result: OrdersResult = { rows: [], checks: [] };

  const sqliteLabel = `SQLite (synchronous=${sqliteSynchronous()})`;
  const dataDir = copyDataDir(await seededDataDir(products));
  const sqliteStore = await startStore({ dataDir, label: 'the store taking orders on SQLite' });
  const sqlite = await loadStore(sqliteLabel, sqliteStore, options, dataDir);
  result.commitLimit = sqlite.commitLimit;
  await crash(sqliteStore);
  result.rows.push(...sqlite.rows);
  result.checks.push({
    database: sqliteLabel,
    acked: sqlite.acked.length,
    stored: storedOrdersSqlite(join(dataDir, 'store.sqlite'), sqlite.acked),
  });

  if (await postgresReachable()) {
    const scratch = await createScratchDatabase();
    try {
      progress(`orders (PostgreSQL): seeding ${products} products into a scratch database`);
      const pgDir = scratchDir('pg');
      await runScript(
        'scripts/seed.ts',
        ['--products', String(products), '--data-dir', pgDir],
        baseEnv({ DATABASE_URL: scratch.url }),
      );
      const pgStore = await startStore({
        dataDir: pgDir,
        databaseUrl: scratch.url,
        label: 'the store taking orders on PostgreSQL',
      });
      const pgRun = await loadStore('PostgreSQL', pgStore, options);
      await crash(pgStore);
      result.rows.push(...pgRun.rows);
      result.checks.push({
        database: 'PostgreSQL',
        acked: pgRun.acked.length,
        stored: await storedOrdersPg(scratch.url, pgRun.acked),
      });
    } finally {
      await scratch.drop();
    }
  } else {
    progress('orders: PostgreSQL is not reachable; its rows are left out');
  }

  printTable(
    `3. Orders: ${SHOPPERS} shoppers at once, ${options.seconds} s per run, median of ${runsText(options.runs)}`,
    result.rows.map((r) => ({
      database: r.database,
      flow: r.flow === 'lines' ? 'order names the watch' : 'add to cart, then order',
      'orders/s': whole(r.rate),
      'order p50 ms': fixed(r.p50, 1),
      'order p99 ms': fixed(r.p99, 1),
      'acknowledged (all runs)': whole(r.acked),
      failed: whole(r.failed),
    })),
    [
      `The disk's limit beside these runs: ${whole(result.commitLimit ?? Number.NaN)} durable SQLite commits/s (one-row transactions, WAL, synchronous=FULL, same file system; median of the runs). Every order is at least one such commit.`,
    ],
  );
  printTable(
    `3b. Orders: every acknowledged order stored? (checked after ${profiling() ? 'a graceful stop (--profile)' : 'SIGKILL of the store'})`,
    result.checks.map((c) => ({
      database: c.database,
      acknowledged: whole(c.acked),
      'found in the database': whole(c.stored),
      lost: whole(c.acked - c.stored),
    })),
    [
      'An order is acknowledged when POST /api/orders answered 201 with its id; found = the order row and at least one line.',
      'SIGKILL proves process-crash durability; power-loss durability is what synchronous=FULL adds (fsync on every commit), which a benchmark cannot pull the plug on.',
    ],
  );
  return result;
}
