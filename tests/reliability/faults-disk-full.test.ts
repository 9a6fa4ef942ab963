/**
 * Faults outside the app (issue 26), SQLite on a full disk: the store's DATA_DIR
 * on a small file system of its own (a tmpfs mount, sized to the seeded data plus
 * some room), shoppers placing orders, and a file written until the file system
 * says ENOSPC.
 *
 * While it is full, orders are refused with 503 "The shop cannot take orders right
 * now. Please try again shortly." in the one error shape with Retry-After, promptly,
 * never a 500, and browsing goes on. Once the file is deleted the store takes
 * orders again without a restart. Every acknowledged order is in the database with
 * its lines, and `PRAGMA integrity_check` and the foreign key check find nothing.
 *
 * Needs root (mount); skipped otherwise.
 */
import { execFile } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject, it, onTestFailed } from 'vitest';
import { integrityProblems, openReader } from './support/databases.ts';
import { type Storm, startStorm, waitFor } from './support/faults.ts';
import { recordFigures } from './support/figures.ts';
import { inBatches, orderableProductIds, Session, signUp } from './support/http.ts';
import { checkOrders } from './support/orders-check.ts';
import { type StoreProcess, sleep, startStore } from './support/server.ts';

const exec = promisify(execFile);

const SHOPPERS = 6;
/** Room on the file system beyond the seeded data: the store's first orders, its WAL. */
const ROOM_MB = 16;
/** How long the disk stays full at least (once orders are being refused). */
const FULL_MS = 5_000;
const SLOW_MS = 10_000;

const isRoot = process.getuid?.() === 0;

let mountDir: string | undefined;
let mounted = false;
let store: StoreProcess | undefined;
let storm: Storm | undefined;

afterAll(async () => {
  await storm?.stop().catch(() => {});
  await store?.stop().catch(() => {});
  if (mountDir) {
    if (mounted) {
      // A process still holding a file there (it should not) would make umount fail: detach it then.
      await exec('umount', [mountDir]).catch(() => exec('umount', ['-l', mountDir as string]));
      mounted = false;
    }
    rmdirSync(mountDir);
  }
});

/** Bytes under `dir`, files only. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Writes `path` until the file system refuses (ENOSPC); the bytes written. */
function fillUp(path: string): number {
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (const chunk of [1024 * 1024, 64 * 1024, 4096, 512]) {
      const buffer = Buffer.alloc(chunk, 0x5a);
      for (;;) {
        try {
          written += writeSync(fd, buffer);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

it.skipIf(!isRoot)(
  'SQLite on a full disk: orders refused with a clear 503, nothing acknowledged lost, taken again once there is room',
  async () => {
    onTestFailed(() => {
      console.log(`store output (end):\n${store?.output().slice(-4000)}`);
      console.log(`storm: ${JSON.stringify(storm?.statuses)} bad: ${JSON.stringify(storm?.bad.slice(0, 10))}`);
    });
    const template = inject('sqliteTemplate');
    const sizeMb = Math.ceil(bytesUnder(template) / (1024 * 1024)) + ROOM_MB;
    mountDir = mkdtempSync(join(tmpdir(), 'watch-full-'));
    await exec('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', mountDir]);
    mounted = true;
    const dataDir = join(mountDir, 'data');
    cpSync(template, dataDir, { recursive: true });
    store = await startStore({ dataDir, env: { COD_ADVANCE: '0' } });
    const running = store;
    let exitedEarly = false;
    void running.exited.then(() => {
      exitedEarly = true;
    });
    const products = await orderableProductIds(running.url);
    const shoppers = await inBatches(SHOPPERS, 3, () => signUp(running.url));
    storm = startStorm({ shoppers, products, allowed: ['disk_full'], slowMs: SLOW_MS });
    const live = storm;
    await waitFor(() => live.good() && live.ordersSince(0) >= 10, 60_000, 'ten orders before the fault');

    // The fault: a file written until the file system is full.
    const filler = join(mountDir, 'filler');
    const fillerBytes = fillUp(filler);
    const fullAt = Date.now();
    const ackedBeforeFull = live.tally.acked.length;
    await waitFor(
      () => live.good() && live.refusedOrdersSince(fullAt) >= 3,
      60_000,
      'orders to be refused with 503',
      50,
    );
    const firstRefusalMs = (live.seen.find((s) => s.at >= fullAt && s.status === 503)?.at ?? fullAt) - fullAt;
    // Browsing goes on while orders are refused.
    const browsing: number[] = [];
    const refusingSince = Date.now();
    while (Date.now() - refusingSince < FULL_MS) {
      const answer = await new Session(running.url, 10_000).call('GET', '/api/products?page=1');
      browsing.push(answer.status);
      await sleep(250);
    }
    const health = await new Session(running.url, 10_000).call('GET', '/api/health');
    // Orders acknowledged while full: those that found room left in the SQLite file or its WAL.
    const ackedWhileFull = live.ordersSince(fullAt);
    const lastRefusalBeforeFree = live.refusedOrdersSince(fullAt);

    // Room again: the file goes; the store is not touched.
    rmSync(filler);
    const freedAt = Date.now();
    await waitFor(() => live.good() && live.ordersSince(freedAt) >= 1, 60_000, 'an order once there is room');
    const orderAfterMs = (live.firstOrderAt(freedAt) as number) - freedAt;
    const ordersAtFree = live.ordersSince(freedAt);
    await waitFor(
      () => live.good() && live.ordersSince(freedAt) >= ordersAtFree + 10,
      60_000,
      'ten more orders after the fault',
    );
    await live.stop();
    const crashed = exitedEarly;
    const stopped = await running.stop();

    const reader = await openReader({ sqlitePath: join(dataDir, 'store.sqlite') });
    const ids = shoppers.map((s) => s.userId);
    const orders = await checkOrders(reader, live.tally.acked, { exactFor: ids, emptyCartsFor: ids });
    const integrity = await integrityProblems(reader);
    await reader.close();

    recordFigures('faults: SQLite on a full disk', {
      shoppers: SHOPPERS,
      'file system (tmpfs)': `${sizeMb} MB, filled with ${(fillerBytes / 1024 / 1024).toFixed(1)} MB`,
      'first order refused after the disk filled': `${firstRefusalMs} ms`,
      'full for': `${((freedAt - fullAt) / 1000).toFixed(1)} s`,
      'orders refused while full (503)': lastRefusalBeforeFree,
      'orders acknowledged (before full / while full / in all)': `${ackedBeforeFull} / ${ackedWhileFull} / ${live.tally.acked.length}`,
      'first order after the room came back': `${orderAfterMs} ms`,
      'listing while full': [...new Set(browsing)].join(', '),
      'health while full': health.status,
      'answers by status': JSON.stringify(live.statuses),
      '503 messages': JSON.stringify(live.unavailableMessages),
      'slowest answer': `${Math.round(live.slowestMs)} ms`,
      'acknowledged orders missing or wrong': orders.problems.length,
      'integrity_check and foreign keys': integrity.length === 0 ? 'ok' : integrity.join('; '),
    });

    expect(crashed, `the store exited during the fault:\n${running.output().slice(-3000)}`).toBe(false);
    expect(stopped.code).toBe(0);
    expect(live.bad, 'answers that were not a prompt 503 in the error shape').toEqual([]);
    expect(live.tally.violations).toEqual([]);
    expect(live.unavailableMessages).toEqual({
      'The shop cannot take orders right now. Please try again shortly.': expect.any(Number),
    });
    expect(browsing.every((status) => status === 200)).toBe(true);
    expect(orders.problems).toEqual([]);
    expect(orders.ordersChecked).toBe(live.tally.acked.length);
    expect(integrity).toEqual([]);
  },
);
