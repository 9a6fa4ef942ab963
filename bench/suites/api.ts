/**
 * Benchmark 1, the API against its limit: each storefront call under
 * autocannon at 50 connections on the largest catalogue, beside a bare
 * Fastify server answering the same bytes from memory. Store and limit run
 * alternately within each run, and the ratio is taken per run, so a noisy
 * neighbour slows both sides of one comparison alike.
 */
import { type Canned, startBare } from '../lib/bare.ts';
import { type Endpoint, fetchJson, SEARCH_QUERY, storeEndpoints } from '../lib/endpoints.ts';
import { cannon, get, type LoadResult } from '../lib/load.ts';
import type { BenchOptions } from '../lib/options.ts';
import { fixed, median, percent, runsText, whole } from '../lib/stats.ts';
import type { CatalogueStore } from '../lib/stores.ts';
import { printTable, progress } from '../lib/table.ts';

export const CONNECTIONS = 50;
/** What a phone's browser sends; the store then compresses (brotli) as it would for a shopper. */
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

export interface ApiResult {
  rows: ApiRow[];
  /** Typo tolerance: what the search "rolx" finds. */
  typo: { total: number; first: string; found: boolean };
}

export interface ApiRow {
  name: string;
  bytes: number;
  store: LoadResult;
  bare: LoadResult;
  /** Median over runs of store req/s divided by bare req/s. */
  ratio: number;
}

interface Case extends Endpoint {
  headers: Record<string, string>;
  barePath: string;
}

function medianResult(results: LoadResult[]): LoadResult {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export async function benchApi(store: CatalogueStore, options: BenchOptions): Promise<ApiResult> {
  const endpoints = await storeEndpoints(store.url);
  const typo = await typoCheck(store.url + endpoints.search.path);
  const all: Case[] = [endpoints.listing, endpoints.product, endpoints.related, endpoints.search, endpoints.home].map(
    (e, i) => ({ ...e, headers: {}, barePath: `/case${i}` }),
  );
  all.push({ ...endpoints.listing, name: 'listing, brotli', headers: BROWSER_ENCODING, barePath: '/compressed' });
  const cases = options.calls.length ? all.filter((c) => options.calls.some((name) => c.name.startsWith(name))) : all;

  // The limit answers with exactly the bytes the store sent for each case.
  const canned: Record<string, Canned> = {};
  const sizes = new Map<string, number>();
  for (const c of cases) {
    const res = await get(store.url + c.path, c.headers);
    if (res.status !== 200) throw new Error(`${c.path} answered ${res.status}`);
    const encoding = res.headers['content-encoding'];
    canned[c.barePath] = {
      contentType: String(res.headers['content-type']),
      ...(typeof encoding === 'string' ? { contentEncoding: encoding } : {}),
      body: res.body,
    };
    sizes.set(c.name, res.body.length);
  }
  const bare = await startBare(canned);
  try {
    progress('api: warming up');
    for (const c of cases) {
      await cannon(store.url + c.path, { connections: CONNECTIONS, seconds: 1, headers: c.headers });
      await cannon(bare.url + c.barePath, { connections: CONNECTIONS, seconds: 1, headers: c.headers });
    }
    const storeRuns = new Map<string, LoadResult[]>(cases.map((c) => [c.name, []]));
    const bareRuns = new Map<string, LoadResult[]>(cases.map((c) => [c.name, []]));
    const ratios = new Map<string, number[]>(cases.map((c) => [c.name, []]));
    for (let run = 1; run <= options.runs; run++) {
      for (const c of cases) {
        progress(`api: run ${run}/${options.runs}, ${c.name}`);
        const s = await cannon(store.url + c.path, {
          connections: CONNECTIONS,
          seconds: options.seconds,
          headers: c.headers,
        });
        const b = await cannon(bare.url + c.barePath, {
          connections: CONNECTIONS,
          seconds: options.seconds,
          headers: c.headers,
        });
        storeRuns.get(c.name)?.push(s);
        bareRuns.get(c.name)?.push(b);
        ratios.get(c.name)?.push(s.rps / b.rps);
      }
    }
    const rows = cases.map((c) => ({
      name: c.name,
      bytes: sizes.get(c.name) ?? 0,
      store: medianResult(storeRuns.get(c.name) ?? []),
      bare: medianResult(bareRuns.get(c.name) ?? []),
      ratio: median(ratios.get(c.name) ?? []),
    }));
    printApi(rows, store.products, options);
    console.log(
      `\nTypo tolerance: "${SEARCH_QUERY}" finds ${typo.total.toLocaleString('en-US')} products, the first being ${typo.first || '(none)'}.`,
    );
    return { rows, typo };
  } finally {
    await bare.stop();
  }
}

async function typoCheck(url: string): Promise<ApiResult['typo']> {
  const page = await fetchJson<{ total: number; items: Array<{ brand: string; name: string }> }>(url);
  const first = page.items[0];
  return {
    total: page.total,
    first: first ? `${first.brand}: ${first.name}` : '',
    found: page.items.length > 0 && page.items.slice(0, 10).every((p) => p.brand === 'Rolex'),
  };
}

function printApi(rows: ApiRow[], products: number, options: BenchOptions): void {
  printTable(
    `1. API against its limit: ${products.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${options.seconds} s per run, median of ${runsText(options.runs)}`,
    rows.map((r) => ({
      call: r.name,
      'body bytes': whole(r.bytes),
      'store req/s': whole(r.store.rps),
      'store p50 ms': fixed(r.store.p50, 0),
      'store p99 ms': fixed(r.store.p99, 0),
      'limit req/s': whole(r.bare.rps),
      'limit p50 ms': fixed(r.bare.p50, 0),
      'limit p99 ms': fixed(r.bare.p99, 0),
      'store/limit': percent(r.ratio),
      errors: r.store.errors + r.store.non2xx,
    })),
    [
      'The limit is a bare Fastify server in its own process answering the same body bytes (and content type, and encoding) from memory.',
      'listing = GET /api/products?category=men-watch&sort=price-asc&page=1 (40 cards). "listing, brotli" asks as a browser does (Accept-Encoding: gzip, deflate, br).',
      'store/limit is the median of the per-run ratios of requests/s. Latencies are autocannon’s whole milliseconds.',
    ],
  );
}
