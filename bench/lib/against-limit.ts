/**
 * A store's GET against its limit (benchmarks 1 and 6b): each case's answer is
 * fetched once from the store, a bare Fastify server (bare.ts) is started
 * answering those exact bytes, content type and encoding, and both are loaded
 * by autocannon at 50 connections, store and limit alternating within each run,
 * the ratio taken per run: a noisy neighbour slows both sides of one comparison alike.
 */
import { type Canned, startBare } from './bare.ts';
import { cannon, get, type LoadResult } from './load.ts';
import { fixed, median, percent, whole } from './stats.ts';
import { progress } from './table.ts';

export const CONNECTIONS = 50;

export interface LimitCase {
  name: string;
  /** Path (and query) on the store. */
  path: string;
  headers: Record<string, string>;
  /** The status the store must answer with (200 when absent). */
  status?: number;
}

export interface LimitRow {
  name: string;
  path: string;
  /** Body bytes the store sent (and the limit sends), and their Content-Encoding. */
  bytes: number;
  encoding: string;
  store: LoadResult;
  bare: LoadResult;
  /** Median over runs of store req/s divided by bare req/s. */
  ratio: number;
}

/** Each measure's median over runs; errors and non-2xx answers summed. */
export function medianResult(results: LoadResult[]): LoadResult {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export async function againstTheLimit(
  storeUrl: string,
  cases: LimitCase[],
  options: { runs: number; seconds: number },
  label: string,
): Promise<LimitRow[]> {
  const barePath = (i: number) => `/case${i}`;
  const canned: Record<string, Canned> = {};
  const sent: Array<{ bytes: number; encoding: string }> = [];
  for (const [i, c] of cases.entries()) {
    const res = await get(storeUrl + c.path, c.headers);
    if (res.status !== (c.status ?? 200)) throw new Error(`${c.path} answered ${res.status}`);
    const encoding = res.headers['content-encoding'];
    canned[barePath(i)] = {
      contentType: String(res.headers['content-type']),
      ...(typeof encoding === 'string' ? { contentEncoding: encoding } : {}),
      body: res.body,
    };
    sent.push({ bytes: res.body.length, encoding: typeof encoding === 'string' ? encoding : 'identity' });
  }
  const bare = await startBare(canned);
  try {
    const load = (url: string, c: LimitCase, seconds: number) =>
      cannon(url, { connections: CONNECTIONS, seconds, headers: c.headers });
    progress(`${label}: warming up`);
    for (const [i, c] of cases.entries()) {
      await load(storeUrl + c.path, c, 1);
      await load(bare.url + barePath(i), c, 1);
    }
    const storeRuns = cases.map((): LoadResult[] => []);
    const bareRuns = cases.map((): LoadResult[] => []);
    const ratios = cases.map((): number[] => []);
    for (let run = 1; run <= options.runs; run++) {
      for (const [i, c] of cases.entries()) {
        progress(`${label}: run ${run}/${options.runs}, ${c.name}`);
        const s = await load(storeUrl + c.path, c, options.seconds);
        const b = await load(bare.url + barePath(i), c, options.seconds);
        storeRuns[i]?.push(s);
        bareRuns[i]?.push(b);
        ratios[i]?.push(s.rps / b.rps);
      }
    }
    return cases.map((c, i) => ({
      name: c.name,
      path: c.path,
      bytes: sent[i]?.bytes ?? 0,
      encoding: sent[i]?.encoding ?? 'identity',
      store: medianResult(storeRuns[i] ?? []),
      bare: medianResult(bareRuns[i] ?? []),
      ratio: median(ratios[i] ?? []),
    }));
  } finally {
    await bare.stop();
  }
}

/** The columns of a store-against-its-limit table: both sides' rates and latencies, and their ratio. */
export function limitColumns(r: { store: LoadResult; bare: LoadResult; ratio: number }) {
  return {
    'store req/s': whole(r.store.rps),
    'store p50 ms': fixed(r.store.p50, 0),
    'store p99 ms': fixed(r.store.p99, 0),
    'limit req/s': whole(r.bare.rps),
    'limit p50 ms': fixed(r.bare.p50, 0),
    'limit p99 ms': fixed(r.bare.p99, 0),
    'store/limit': percent(r.ratio),
  };
}
