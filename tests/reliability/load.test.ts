/**
 * Load (issue 6, item 9): 60 s of mixed traffic at 100 connections against a
 * real server on a seeded SQLite store, with zero errors. REL_LOAD_SECONDS
 * shortens it while developing.
 */
import { afterAll, expect, it } from 'vitest';
import { describeLoad, runLoad } from './load.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData } from './support/fixtures.ts';
import { startStore } from './support/server.ts';

const SECONDS = Number(process.env.REL_LOAD_SECONDS ?? 60);
const CONNECTIONS = 100;

let fresh: Fresh | undefined;
afterAll(async () => fresh?.cleanup());

it(`holds ${CONNECTIONS} connections of mixed traffic for ${SECONDS} s without an error`, async () => {
  fresh = await freshData('sqlite');
  const store = await startStore({ dataDir: fresh.dataDir });
  try {
    const report = await runLoad({ url: store.url, durationSec: SECONDS, connections: CONNECTIONS });
    recordFigures('load (sqlite)', describeLoad(report));
    expect(report.failures).toEqual([]);
    expect(report.result.errors).toBe(0);
    expect(report.result.timeouts).toBe(0);
    expect(report.result.non2xx).toBe(0);
    // Every kind of request took part.
    for (const kind of ['browse', 'search', 'product page', 'add to cart', 'place order']) {
      expect(report.byKind[kind]?.ok ?? 0, kind).toBeGreaterThan(0);
    }
  } finally {
    const stopped = await store.stop();
    expect(stopped.code).toBe(0);
  }
});
