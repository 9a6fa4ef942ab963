/**
 * Load (issue 6, item 9): mixed shopper traffic on loopback with autocannon:
 * browse a listing, search, open a product page, add it to the cart, place the
 * order. Every connection takes a signed-up shopper for one round and gives it
 * back after the order, so no two connections share a cart.
 *
 *   npx tsx tests/reliability/load.ts [--duration 60] [--connections 100] [--url http://127.0.0.1:3000]
 *
 * Without --url it starts its own store on a fresh seeded SQLite folder.
 * Exits non-zero on any error, timeout or non-2xx answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import { BRANDS, CATEGORIES, categorySlug } from '../../src/common/catalog.ts';
import { ADDRESS, inBatches, newKey, orderableProductIds, type Shopper, signUp } from './support/http.ts';
import { startStore } from './support/server.ts';

export interface LoadOptions {
  url: string;
  durationSec: number;
  connections: number;
}

export interface LoadReport {
  result: Result;
  /** Answers per kind of request, and the first few failures with their bodies. */
  byKind: Record<string, { ok: number; failed: number }>;
  failures: string[];
  /** "p50 …, p99 …, max …" in ms for each kind of request. */
  latencyByKind: Record<string, string>;
  /** The five slowest answers, with when they were sent. */
  slowest: string;
  shoppers: number;
  connections: number;
}

const SEARCHES = [...BRANDS.map((b) => b.toLowerCase()), 'chronograph', 'automatic', 'gold', 'rolx', 'diver'];
const SORTS = ['latest', 'price-asc', 'price-desc'];
/** The kinds of request, in the order each connection sends them. */
const KINDS = ['browse', 'search', 'product page', 'add to cart', 'place order'] as const;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const products = await orderableProductIds(options.url);
  // More shoppers than connections: a connection whose order timed out keeps its shopper.
  const shoppers = await inBatches(Math.ceil(options.connections * 1.5), 4, () => signUp(options.url));
  const free: Shopper[] = [...shoppers];
  const byKind: LoadReport['byKind'] = {};
  const failures: string[] = [];

  const json = { 'content-type': 'application/json' };
  const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
  const counted =
    (kind: string) =>
    (status: number, body: string, context: Record<string, any>): void => {
      const entry = byKind[kind] ?? { ok: 0, failed: 0 };
      byKind[kind] = entry;
      if (status >= 200 && status < 300) entry.ok++;
      else {
        entry.failed++;
        if (failures.length < 10) failures.push(`${kind}: ${status} ${body.slice(0, 300)}`);
      }
      if (kind === 'place order' && context.shopper) free.push(context.shopper);
    };
  const withCookie = (request: Request, context: Record<string, any>): Request => ({
    ...request,
    headers: { ...request.headers, cookie: (context.shopper as Shopper).cookieHeader() },
  });

  const requests: Request[] = [
    {
      method: 'GET',
      setupRequest: (request, context) => {
        // A round starts: take a shopper of our own (or share one if all are out).
        context.shopper = free.shift() ?? pick(shoppers);
        context.productId = pick(products);
        return {
          ...request,
          path: `/api/products?category=${encodeURIComponent(categorySlug(pick(CATEGORIES)))}&sort=${pick(SORTS)}`,
        };
      },
      onResponse: counted('browse'),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/products/search?q=${encodeURIComponent(pick(SEARCHES))}` }),
      onResponse: counted('search'),
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({ ...request, path: `/api/products/${context.productId}` }),
      onResponse: counted('product page'),
    },
    {
      method: 'POST',
      path: '/api/cart/items',
      setupRequest: (request, context) =>
        withCookie(
          {
            ...request,
            headers: { ...request.headers, ...json },
            body: JSON.stringify({ productId: context.productId }),
          },
          context,
        ),
      onResponse: counted('add to cart'),
    },
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (request, context) =>
        withCookie(
          {
            ...request,
            headers: { ...request.headers, ...json },
            body: JSON.stringify({ address: ADDRESS, idempotencyKey: newKey() }),
          },
          context,
        ),
      onResponse: counted('place order'),
    },
  ];

  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSec,
    timeout: 30,
    headers: browser,
    requests,
  });
  // Latency per kind of request, to see which one a slow tail belongs to.
  const latencies = KINDS.map(() => [] as number[]);
  const startedAt = Date.now();
  const slowest: Array<{ ms: number; kind: string; at: number }> = [];
  instance.on('response', (client, _status, _bytes, ms) => {
    const index = client.requestIterator.currentRequestIndex;
    latencies[index]?.push(ms);
    if (slowest.length < 5 || ms > (slowest[slowest.length - 1]?.ms ?? 0)) {
      // When in the run the slowest answers came: a cold start, a stall, or contention from elsewhere.
      slowest.push({
        ms: Math.round(ms),
        kind: KINDS[index] ?? '?',
        at: Math.round((Date.now() - ms - startedAt) / 1000),
      });
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, 5);
    }
  });
  const result = await instance;
  const latencyByKind = Object.fromEntries(
    KINDS.map((kind, i) => {
      const sorted = (latencies[i] ?? []).sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
      return [kind, `p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`];
    }),
  );
  return {
    result,
    byKind,
    latencyByKind,
    slowest: slowest.map((x) => `${x.kind} ${x.ms} ms (sent at ${x.at} s)`).join('; '),
    failures,
    shoppers: shoppers.length,
    connections: options.connections,
  };
}

export function describeLoad(report: LoadReport): Record<string, string | number> {
  const { result } = report;
  return {
    connections: report.connections,
    'duration (s)': result.duration,
    'requests completed': result.requests.total,
    'requests by kind': Object.entries(report.byKind)
      .map(([k, v]) => `${k} ${v.ok}`)
      .join(', '),
    'throughput (req/s)': Math.round(result.requests.average),
    'throughput (MB/s)': (result.throughput.average / 1e6).toFixed(2),
    'latency p50 (ms)': result.latency.p50,
    'latency p99 (ms)': result.latency.p99,
    'latency max (ms)': result.latency.max,
    ...Object.fromEntries(Object.entries(report.latencyByKind).map(([k, v]) => [`latency ${k} (ms)`, v])),
    'slowest answers': report.slowest,
    errors: result.errors,
    timeouts: result.timeouts,
    'non-2xx': result.non2xx,
  };
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const durationSec = Number(flag('duration') ?? 60);
  const connections = Number(flag('connections') ?? 100);
  let url = flag('url');
  let stop: (() => Promise<unknown>) | undefined;
  let dataDir: string | undefined;
  if (!url) {
    dataDir = mkdtempSync(join(tmpdir(), 'watch-load-'));
    console.log('Starting a store on a fresh seeded SQLite database…');
    const store = await startStore({ dataDir, seed: true });
    url = store.url;
    stop = store.stop;
  }
  console.log(`Load: ${connections} connections for ${durationSec} s against ${url}`);
  const report = await runLoad({ url, durationSec, connections });
  const figures = describeLoad(report);
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(22)} ${v}`);
  for (const f of report.failures) console.log(`  failure: ${f}`);
  await stop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const failed = report.result.errors + report.result.timeouts + report.result.non2xx;
  console.log(`\n${failed === 0 ? 1 : 0} passed, ${failed === 0 ? 0 : 1} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
