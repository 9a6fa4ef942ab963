/**
 * Benchmark 6, the HTML pages of issue 14 on the largest catalogue: each
 * page's bytes (raw, and as the store sends them brotli- and gzip-encoded) and
 * its time to first byte, one request at a time; then the server-rendered
 * pages under autocannon at 50 connections beside a bare Fastify route sending
 * the very same bytes, by the method of benchmark 1 (lib/against-limit.ts): store and
 * limit alternate within each run and the ratio is taken per run.
 */
import { productPath } from '../../src/common/catalog.ts';
import { againstTheLimit, CONNECTIONS, type LimitRow, limitColumns } from '../lib/against-limit.ts';
import { fetchJson, LISTING_CATEGORY, storeEndpoints } from '../lib/endpoints.ts';
import { type Fetched, get } from '../lib/load.ts';
import type { BenchOptions } from '../lib/options.ts';
import { fixed, median, runsText, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';
import { interleavedTimings, type Timed, timedGet } from '../lib/ttfb.ts';
import { rootHtml } from '../lib/web-build.ts';
import { BROWSER_ENCODING } from './api.ts';

/** Timed requests per page (after warm-up rounds) for the first-byte medians. */
const TIMED_REQUESTS = 50;

export interface HtmlResult {
  products: number;
  pages: HtmlPageRow[];
  /** Median first byte of product pages on their first request (rendered then), and how many were asked. */
  firstRender: { firstByteMs: number; totalMs: number; count: number };
  load: HtmlLoadRow[];
  /** The kept pages under a flood of unique junk query parameters (issue 26). */
  junk: JunkFlood;
}

export interface JunkFlood {
  /** Requests with a unique utm_source each, and how many were answered from kept pages. */
  requests: number;
  hits: number;
  /** Afterwards, the real pages asked again, and how many were still kept. */
  realPages: number;
  realHits: number;
}

/** Requests with unique junk parameters in the flood. */
const JUNK_REQUESTS = 2_000;

export interface HtmlPageRow {
  page: string;
  path: string;
  status: number;
  /** Body bytes without Accept-Encoding. */
  rawBytes: number;
  /** Bytes of the server-rendered HTML inside #root (0: the browser renders the page). */
  rootBytes: number;
  /** Body bytes asked for with Accept-Encoding: br, and the Content-Encoding the store used. */
  brBytes: number;
  brEncoding: string;
  /** Body bytes asked for with Accept-Encoding: gzip, and the Content-Encoding the store used. */
  gzipBytes: number;
  gzipEncoding: string;
  /** Medians of one-at-a-time requests as a browser asks (gzip, deflate, br). */
  firstByteMs: number;
  totalMs: number;
}

/** A page loaded at 50 connections against a bare route sending its bytes; `name` is the page's. */
export type HtmlLoadRow = LimitRow;

interface Page {
  page: string;
  path: string;
  status: number;
  /** Loaded at 50 connections against its limit. */
  load: boolean;
}

async function pagesOf(storeUrl: string): Promise<Page[]> {
  const { sample } = await storeEndpoints(storeUrl);
  const page = (name: string, path: string, load = false, status = 200): Page => ({ page: name, path, status, load });
  return [
    page('home', '/', true),
    page('listing', `/product/${LISTING_CATEGORY}`, true),
    page('listing, page 2', `/product/${LISTING_CATEGORY}?page=2`),
    page('product', productPath(sample), true),
    page('search', '/explore?q=rolex', true),
    page('policy', '/terms-and-conditions'),
    page('cart', '/cart'),
    page('not found', '/no-such-page', false, 404),
  ];
}

async function fetchPage(storeUrl: string, p: Page, headers: Record<string, string>): Promise<Fetched> {
  const res = await get(storeUrl + p.path, headers);
  if (res.status !== p.status)
    throw new Error(`GET ${p.path} answered ${res.status}, not ${p.status}: ${res.body.toString().slice(0, 200)}`);
  return res;
}

/** One page fetched with no Accept-Encoding, with br and with gzip. */
interface Encodings {
  raw: Fetched;
  br: Fetched;
  gzip: Fetched;
}

const encodingOf = (res: Fetched) => String(res.headers['content-encoding'] ?? 'identity');

export async function benchHtml(store: { url: string; products: number }, options: BenchOptions): Promise<HtmlResult> {
  const pages = await pagesOf(store.url);
  const rows = await measurePages(store.url, pages);
  const firstRender = await firstRenders(store.url);
  const junk = await junkFlood(store.url, pages);
  printPages(rows, store.products, firstRender, junk);
  const load = await againstTheLimit(
    store.url,
    pages.filter((p) => p.load).map((p) => ({ name: p.page, path: p.path, headers: BROWSER_ENCODING })),
    options,
    'html',
  );
  printLoad(load, store.products, options);
  return { products: store.products, pages: rows, firstRender, load, junk };
}

const isHit = (res: Fetched) => res.headers['x-page-cache'] === 'hit';

/**
 * A flood of the store's pages with unique junk parameters (?utm_source=…), then the real pages
 * again: every junk request should be answered from the page its real URL keeps, and no real page
 * pushed out (sent-pages.ts keys on the parameters a page reads; decision 023).
 */
async function junkFlood(storeUrl: string, pages: Page[]): Promise<JunkFlood> {
  const real = pages.filter((p) => p.status === 200);
  progress(`html: ${JUNK_REQUESTS} requests with unique junk parameters`);
  let hits = 0;
  for (let i = 0; i < JUNK_REQUESTS; i++) {
    const p = real[i % real.length] as Page;
    const res = await get(
      `${storeUrl}${p.path}${p.path.includes('?') ? '&' : '?'}utm_source=bench-${i}`,
      BROWSER_ENCODING,
    );
    // A refusal would count as a miss and make the cache look good (docs/decisions/057).
    if (res.status !== 200) throw new Error(`GET ${p.path} with a junk parameter answered ${res.status}`);
    if (isHit(res)) hits++;
  }
  let realHits = 0;
  for (const p of real) if (isHit(await get(storeUrl + p.path, BROWSER_ENCODING))) realHits++;
  return { requests: JUNK_REQUESTS, hits, realPages: real.length, realHits };
}

async function measurePages(storeUrl: string, pages: Page[]): Promise<HtmlPageRow[]> {
  const sizes: Encodings[] = [];
  for (const p of pages) {
    progress(`html: bytes of ${p.path}`);
    const raw = await fetchPage(storeUrl, p, {});
    const br = await fetchPage(storeUrl, p, { 'accept-encoding': 'br' });
    const gzip = await fetchPage(storeUrl, p, { 'accept-encoding': 'gzip' });
    sizes.push({ raw, br, gzip });
  }
  progress(`html: time to first byte, ${TIMED_REQUESTS} requests per page, taking turns`);
  const timings = await interleavedTimings(
    pages.map((p) => ({ url: storeUrl + p.path, status: p.status })),
    BROWSER_ENCODING,
    TIMED_REQUESTS,
  );
  return pages.map((p, i) => {
    const { raw, br, gzip } = sizes[i] as Encodings;
    return {
      page: p.page,
      path: p.path,
      status: raw.status,
      rawBytes: raw.body.length,
      rootBytes: Buffer.byteLength(rootHtml(raw.body.toString()) ?? ''),
      brBytes: br.body.length,
      brEncoding: encodingOf(br),
      gzipBytes: gzip.body.length,
      gzipEncoding: encodingOf(gzip),
      firstByteMs: timings[i]?.firstByteMs ?? Number.NaN,
      totalMs: timings[i]?.totalMs ?? Number.NaN,
    };
  });
}

const shortPath = (path: string) => (path.length > 28 ? `${path.slice(0, 27)}…` : path);

/**
 * The product pages of the listing's last page (pages no one has asked for yet, as most
 * of a large catalogue's are), each asked once: its head, render and compression are all paid then.
 */
async function firstRenders(storeUrl: string): Promise<HtmlResult['firstRender']> {
  const { lastPage } = await storeEndpoints(storeUrl);
  const { items } = await fetchJson<{ items: Array<{ id: string; name: string }> }>(storeUrl + lastPage.path);
  progress(`html: first requests of ${items.length} product pages`);
  const timed: Timed[] = [];
  for (const item of items) {
    const t = await timedGet(storeUrl + productPath(item), BROWSER_ENCODING);
    if (t.status !== 200) throw new Error(`GET ${productPath(item)} answered ${t.status}`);
    timed.push(t);
  }
  return {
    firstByteMs: median(timed.map((t) => t.firstByteMs)),
    totalMs: median(timed.map((t) => t.totalMs)),
    count: timed.length,
  };
}

function printPages(rows: HtmlPageRow[], products: number, first: HtmlResult['firstRender'], junk: JunkFlood): void {
  printTable(
    `6. HTML pages: bytes and time to first byte, ${products.toLocaleString('en-US')} products`,
    rows.map((r) => ({
      page: `${r.page} (${shortPath(r.path)})`,
      status: r.status,
      'raw bytes': whole(r.rawBytes),
      '#root bytes': whole(r.rootBytes),
      'br bytes': whole(r.brBytes),
      'br sent as': r.brEncoding,
      'gzip bytes': whole(r.gzipBytes),
      'gzip sent as': r.gzipEncoding,
      'first byte ms': fixed(r.firstByteMs, 2),
      'full ms': fixed(r.totalMs, 2),
    })),
    [
      'Bytes: the body as the store sent it when asked with no Accept-Encoding (raw), with "br" and with "gzip"; "sent as" is the Content-Encoding it used. #root bytes: the HTML rendered on the server inside <div id="root"> (raw).',
      `Times: medians of ${TIMED_REQUESTS} requests per page on one kept-alive connection, one at a time, the pages taking turns after 10 warm-up rounds, asked as a browser does (Accept-Encoding: gzip, deflate, br). First byte = request start to the response headers; full = to the last byte.`,
      'After the warm-up the store answers from its rendered pages kept per URL; a page no one has asked for yet (most product pages of a large catalogue) is rendered on its first request.',
      `A product page's first request (its answer, head, render and compression all made then), median of ${first.count} products never asked for before: first byte ${fixed(first.firstByteMs, 2)} ms, full ${fixed(first.totalMs, 2)} ms.`,
      `Junk query parameters: ${whole(junk.requests)} requests of these pages with a unique ?utm_source each, ${fixed((100 * junk.hits) / junk.requests, 1)}% answered from kept pages (x-page-cache: hit); then the real pages again, ${junk.realHits} of ${junk.realPages} still kept.`,
    ],
  );
}

function printLoad(rows: HtmlLoadRow[], products: number, options: BenchOptions): void {
  printTable(
    `6b. HTML pages against their limit: ${products.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${options.seconds} s per run, median of ${runsText(options.runs)}`,
    rows.map((r) => ({
      page: `${r.name} (${shortPath(r.path)})`,
      'body bytes': whole(r.bytes),
      encoding: r.encoding,
      ...limitColumns(r),
      'store errors': r.store.errors + r.store.non2xx,
      'limit errors': r.bare.errors + r.bare.non2xx,
    })),
    [
      'Asked as a phone’s browser does (Accept-Encoding: gzip, deflate, br). The limit is a bare Fastify server in its own process answering the same body bytes, content type and encoding from memory.',
      'store/limit is the median of the per-run ratios of requests/s. Errors count failed requests and non-2xx answers, summed over runs. Latencies are autocannon’s whole milliseconds.',
    ],
  );
}
