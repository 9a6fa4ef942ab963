/**
 * Search timings on a seeded database: npx tsx bench/search.ts [--data-dir DIR] [--runs N]
 * Seed first: npx tsx scripts/seed.ts --products 100000 --data-dir /tmp/s100k
 * Prints p50/p95 per query (cold = first run after the index version moved,
 * then warm runs), and the listing queries for comparison. Prints, never asserts.
 */

import { flag } from '../scripts/lib.ts';
import { PAGE_SIZE } from '../src/common/constants.ts';
import { categoryCounts, latestProducts, listProducts } from '../src/server/catalog/queries.ts';
import { refreshSearchIndex } from '../src/server/catalog/search/index-writer.ts';
import { searchProducts } from '../src/server/catalog/search/search.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';

const dataDir = flag('data-dir') ?? '/tmp/s100k';
const runs = Number(flag('runs') ?? 30);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const { db } = openDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  poolSize: config.databasePoolSize,
});

const QUERIES = [
  'rolx',
  'omge',
  'rolex',
  'submariner',
  'rolex submariner',
  'blue dial',
  'automatic',
  'green',
  'subm',
  'patek nautilus',
  'womens watch',
  'casio gshock',
  'xyzzy',
  // The demo walk's queries (decision 005): a brand, a brand with "watch", a word every watch has,
  // a two-word brand, and only a dropped word (every watch, newest first).
  'patek',
  'casio watch',
  'dial',
  'tag heuer',
  'watch',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const rows: Array<Record<string, string | number>> = [];
const allWarm: number[] = [];
for (const q of QUERIES) {
  const first = await time(() => searchProducts(db, q, 1, PAGE_SIZE));
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await time(() => searchProducts(db, q, 1, PAGE_SIZE)));
  allWarm.push(...warm);
  const { total } = await searchProducts(db, q, 1, PAGE_SIZE);
  rows.push({
    query: q,
    matches: total,
    'first ms': first.toFixed(1),
    'p50 ms': percentile(warm, 50).toFixed(1),
    'p95 ms': percentile(warm, 95).toFixed(1),
  });
}
console.table(rows);
console.log(
  `search over all queries: p50 ${percentile(allWarm, 50).toFixed(1)} ms, p95 ${percentile(allWarm, 95).toFixed(1)} ms`,
);

// A product write, then the next search (this process catches up from search_changes).
const someone = await db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();
const afterWrite: number[] = [];
for (let i = 0; i < 10; i++) {
  await db.transaction().execute((trx) => refreshSearchIndex(trx, someone.id));
  afterWrite.push(await time(() => searchProducts(db, 'rolex', 1, PAGE_SIZE)));
}
console.log(`first search after a product write: p50 ${percentile(afterWrite, 50).toFixed(1)} ms`);

const listing: Array<Record<string, string>> = [];
for (const [name, fn] of [
  [
    'listing all, latest, page 1',
    () => listProducts(db, { category: null, brand: null, sort: 'latest' }, 1, PAGE_SIZE),
  ],
  [
    'listing men/rolex price-asc',
    () => listProducts(db, { category: 'men watch', brand: 'Rolex', sort: 'price-asc' }, 1, PAGE_SIZE),
  ],
  [
    'listing all, last page',
    () => listProducts(db, { category: null, brand: null, sort: 'price-desc' }, 2500, PAGE_SIZE),
  ],
  ['category counts', () => categoryCounts(db)],
  ['latest 8', () => latestProducts(db, 8)],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(fn));
  listing.push({ query: name, 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1) });
}
console.table(listing);
await db.destroy();
