/**
 * Benchmark 1, the API against its limit: each storefront call under
 * autocannon at 50 connections on the largest catalogue, beside a bare
 * Fastify server answering the same bytes from memory (lib/against-limit.ts).
 */
import { againstTheLimit, CONNECTIONS, type LimitCase, type LimitRow, limitColumns } from '../lib/against-limit.ts';
import { fetchJson, SEARCH_QUERY, storeEndpoints } from '../lib/endpoints.ts';
import type { BenchOptions } from '../lib/options.ts';
import { runsText, whole } from '../lib/stats.ts';
import type { CatalogueStore } from '../lib/stores.ts';
import { printTable } from '../lib/table.ts';

/** What a phone's browser sends; the store then compresses (brotli) as it would for a shopper. */
export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

export interface ApiResult {
  rows: ApiRow[];
  /** Typo tolerance: what the search "rolx" finds. */
  typo: { total: number; first: string; found: boolean };
}

export type ApiRow = LimitRow;

export async function benchApi(store: CatalogueStore, options: BenchOptions): Promise<ApiResult> {
  const endpoints = await storeEndpoints(store.url);
  const typo = await typoCheck(store.url + endpoints.search.path);
  const all: LimitCase[] = [
    endpoints.listing,
    endpoints.product,
    endpoints.related,
    endpoints.search,
    endpoints.home,
  ].map((e) => ({ ...e, headers: {} }));
  all.push({ ...endpoints.listing, name: 'listing, brotli', headers: BROWSER_ENCODING });
  const cases = options.calls.length ? all.filter((c) => options.calls.some((name) => c.name.startsWith(name))) : all;
  const rows = await againstTheLimit(store.url, cases, options, 'api');
  printApi(rows, store.products, options);
  console.log(
    `\nTypo tolerance: "${SEARCH_QUERY}" finds ${typo.total.toLocaleString('en-US')} products, the first being ${typo.first || '(none)'}.`,
  );
  return { rows, typo };
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
      ...limitColumns(r),
      errors: r.store.errors + r.store.non2xx,
    })),
    [
      'The limit is a bare Fastify server in its own process answering the same body bytes (and content type, and encoding) from memory.',
      'listing = GET /api/products?category=men-watch&sort=price-asc&page=1 (40 cards). "listing, brotli" asks as a browser does (Accept-Encoding: gzip, deflate, br).',
      'store/limit is the median of the per-run ratios of requests/s. Latencies are autocannon’s whole milliseconds.',
    ],
  );
}
