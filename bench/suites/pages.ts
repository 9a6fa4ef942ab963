/**
 * Benchmark 4, pages: Lighthouse 12 in its default mobile profile (Moto G
 * Power screen, simulated slow 4G and 4x CPU slowdown) on the home, a listing
 * and a product page of the production build. Each metric is the median of
 * its runs; the pages take turns within each run.
 *
 * Beside each page, in the same runs, its floor (issue 27, bench/lib/floor-server.ts): the same
 * server HTML with every script removed, served as static bytes. Its LCP is what the HTML, the
 * inline CSS and the pictures cost by themselves; the page's LCP should be at most 1.1 times it.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productPath } from '../../src/common/catalog.ts';
import { LISTING_CATEGORY, storeEndpoints } from '../lib/endpoints.ts';
import { startFloorServer } from '../lib/floor-server.ts';
import { findingsOf, type Lhr, lighthouse, lighthouseVersion, medianRun } from '../lib/lighthouse.ts';
import type { BenchOptions } from '../lib/options.ts';
import { fixed, median, runsText, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function lighthouseWithRetries(url: string, outputPath: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outputPath);
    } catch (err) {
      if (attempt === 3) throw err;
      progress(
        `pages: Lighthouse failed (${err instanceof Error ? err.message.split('\n').slice(-2).join(' ') : err}); again`,
      );
    }
  }
}

export interface PagesRow {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
  /** From the median run: failed accessibility, best-practice and SEO audits, the LCP element, layout shifts, big savings. */
  findings: string[];
  /** The floor's median LCP and performance (the page's HTML without scripts, static). */
  floorLcpMs: number;
  floorPerformance: number;
  /** The LCP element and its phases on the floor's median run. */
  floorFindings: string[];
}

export async function benchPages(store: { url: string; products: number }, options: BenchOptions): Promise<PagesRow[]> {
  const endpoints = await storeEndpoints(store.url);
  const pages = [
    { page: 'home', path: '/' },
    { page: 'listing', path: `/product/${LISTING_CATEGORY}` },
    { page: 'product', path: productPath(endpoints.sample) },
  ];
  const reports = mkdtempSync(join(tmpdir(), 'watch-bench-lighthouse-'));
  const floor = await startFloorServer(
    store.url,
    pages.map((p) => p.path),
  );
  const lhrs = new Map<string, Lhr[]>(pages.map((p) => [p.page, []]));
  const floorLhrs = new Map<string, Lhr[]>(pages.map((p) => [p.page, []]));
  try {
    for (let run = 1; run <= options.lighthouseRuns; run++) {
      for (const p of pages) {
        progress(`pages: Lighthouse run ${run}/${options.lighthouseRuns}, ${p.page} and its floor`);
        lhrs.get(p.page)?.push(await lighthouseWithRetries(store.url + p.path, join(reports, `${p.page}-${run}.json`)));
        floorLhrs
          .get(p.page)
          ?.push(await lighthouseWithRetries(floor.url + p.path, join(reports, `${p.page}-floor-${run}.json`)));
      }
    }
  } finally {
    await floor.close();
  }
  const score = (runs: Lhr[], c: string) => median(runs.map((l) => (l.categories[c]?.score ?? Number.NaN) * 100));
  const value = (runs: Lhr[], id: string) => median(runs.map((l) => l.audits[id]?.numericValue ?? Number.NaN));
  const rows = pages.map((p) => {
    const runs = lhrs.get(p.page) ?? [];
    const floorRuns = floorLhrs.get(p.page) ?? [];
    return {
      ...p,
      performance: score(runs, 'performance'),
      accessibility: score(runs, 'accessibility'),
      bestPractices: score(runs, 'best-practices'),
      seo: score(runs, 'seo'),
      lcpMs: value(runs, 'largest-contentful-paint'),
      tbtMs: value(runs, 'total-blocking-time'),
      cls: value(runs, 'cumulative-layout-shift'),
      benchmarkIndex: median(runs.map((l) => l.environment.benchmarkIndex)),
      findings: findingsOf(medianRun(runs)),
      floorLcpMs: value(floorRuns, 'largest-contentful-paint'),
      floorPerformance: score(floorRuns, 'performance'),
      floorFindings: findingsOf(medianRun(floorRuns)),
    };
  });
  printTable(
    `4. Pages: Lighthouse ${lighthouseVersion()} mobile, ${store.products.toLocaleString('en-US')} products, median of ${runsText(options.lighthouseRuns)}`,
    rows.map((r) => ({
      page: `${r.page} (${r.path.length > 28 ? `${r.path.slice(0, 27)}…` : r.path})`,
      performance: whole(r.performance),
      accessibility: whole(r.accessibility),
      'best practices': whole(r.bestPractices),
      SEO: whole(r.seo),
      'LCP s': fixed(r.lcpMs / 1000, 2),
      'TBT ms': whole(r.tbtMs),
      CLS: fixed(r.cls, 3),
      'benchmark index': whole(r.benchmarkIndex),
      'floor LCP s': fixed(r.floorLcpMs / 1000, 2),
      'LCP / floor': fixed(r.lcpMs / r.floorLcpMs, 2),
    })),
    [
      'Production build served by the store (brotli, immutable assets) over loopback; throttling is Lighthouse’s simulated mobile (slow 4G, 4x CPU).',
      'The benchmark index is Lighthouse’s own measure of the machine at the time: on a busy shared machine it drops and TBT rises.',
      ...rows.flatMap((r) =>
        r.findings.length ? [`Findings on ${r.page} (its median run): ${r.findings.join('; ')}.`] : [],
      ),
      'Floor: the same server HTML with every script removed (JSON-LD kept), served as static brotli bytes from the same origin; pictures from the store.',
      ...rows.map(
        (r) =>
          `Floor of ${r.page}: performance ${whole(r.floorPerformance)}, HTML ${floor.bytes.get(r.path)?.br.toLocaleString('en-US') ?? '?'} bytes br; ${r.floorFindings.join('; ') || 'no findings'}.`,
      ),
      `Reports: ${reports}`,
    ],
  );
  return rows;
}
