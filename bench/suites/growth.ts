/**
 * Benchmark 2, growth: the time of one request (one connection, median of
 * many) to each storefront call on catalogues of increasing size. All the
 * stores run at once and the sizes take turns request by request, so the
 * 100 000 / 1000 ratio compares requests made under the same conditions.
 */
import { type StoreEndpoints, storeEndpoints } from '../lib/endpoints.ts';
import { interleavedMs } from '../lib/load.ts';
import type { BenchOptions } from '../lib/options.ts';
import { fixed, median, ratio, runsText } from '../lib/stats.ts';
import type { CatalogueStore } from '../lib/stores.ts';
import { printTable, progress } from '../lib/table.ts';

export interface GrowthRow {
  name: string;
  /** Median ms per catalogue size, in the order of the sizes. */
  ms: number[];
  /** Median over runs of largest / smallest. */
  ratio: number;
}

const CALLS: Array<keyof Pick<StoreEndpoints, 'listing' | 'product' | 'search' | 'home' | 'related' | 'lastPage'>> = [
  'listing',
  'product',
  'related',
  'search',
  'home',
  'lastPage',
];

export async function benchGrowth(stores: CatalogueStore[], options: BenchOptions): Promise<GrowthRow[]> {
  const perStore: StoreEndpoints[] = [];
  for (const s of stores) perStore.push(await storeEndpoints(s.url));
  const count = options.quick ? 40 : 200;
  const times = new Map<string, number[][]>(CALLS.map((c) => [c, stores.map(() => [])]));
  const ratios = new Map<string, number[]>(CALLS.map((c) => [c, []]));
  for (let run = 1; run <= options.runs; run++) {
    progress(`growth: run ${run}/${options.runs}`);
    for (const call of CALLS) {
      const urls = stores.map((s, i) => s.url + (perStore[i] as StoreEndpoints)[call].path);
      const ms = await interleavedMs(urls, count);
      for (const [i, m] of ms.entries()) times.get(call)?.[i]?.push(m);
      ratios.get(call)?.push((ms[ms.length - 1] as number) / (ms[0] as number));
    }
  }
  const rows = CALLS.map((call) => ({
    name: perStore[0]?.[call].name ?? call,
    ms: (times.get(call) ?? []).map((t) => median(t)),
    ratio: median(ratios.get(call) ?? []),
  }));
  const sizes = stores.map((s) => s.products.toLocaleString('en-US'));
  printTable(
    `2. Growth: ms per request at one connection (median of ${count} requests, median of ${runsText(options.runs)})`,
    rows.map((r) => ({
      call: r.name,
      ...Object.fromEntries(sizes.map((size, i) => [`${size} products`, fixed(r.ms[i] ?? Number.NaN, 2)])),
      [`${sizes[sizes.length - 1]}/${sizes[0]}`]: ratio(r.ratio),
    })),
    [
      'Each time is a whole HTTP request over loopback (about 0.1-0.2 ms of it is the client and the network); the sizes take turns request by request.',
      'The ratio is the median of the per-run ratios, so it can differ from the ratio of the medians shown.',
      '"listing, last page" is the same listing at its last page (OFFSET at its deepest); the others are as in table 1.',
    ],
  );
  return rows;
}
