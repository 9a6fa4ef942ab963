/**
 * Courier bookings beside the shop (issue 23): do the courier worker's bookings slow the shoppers'
 * orders? The store of the orders benchmark (SQLite, stock counted, new-order mail through the
 * outbox to SMTP) with Shiprocket's settings pointed at the fake Shiprocket on loopback, in this
 * process. 50 shoppers place orders (lib/order-load.ts) for a fixed time, without bookings and
 * with them, alternately. With: as the run starts, the owner books a pool of orders placed before
 * (advance received) in clicks of 100, and the store's courier worker books them one by one
 * (search, create, AWB, label) and requests their pickups while the shoppers order. The pool is
 * sized from the worker's own pace alone, half again more than one run can book, so the worker is
 * busy to the end of the window; the bookings finished inside it are counted on the fake. The next
 * run starts only when every booking and pickup is done. Target: with bookings, at least 90% of
 * the orders/s without.
 */
import { join } from 'node:path';
import { type FakeShiprocket, startFakeShiprocket } from '../../src/server/shipping/couriers/shiprocket/fake.ts';
import { copyDataDir, seededDataDir } from '../lib/catalogue.ts';
import { INITIAL_STOCK } from '../lib/crash-check.ts';
import type { BenchOptions } from '../lib/options.ts';
import { BENCH_UNPAID_ORDERS_MAX, CAP_RAISED_NOTE, type OrderLoad, placeOrders } from '../lib/order-load.ts';
import { bookCouriers, ownerCookie, receiveAdvances } from '../lib/owner.ts';
import { cpuMs } from '../lib/process.ts';
import { startStore } from '../lib/server.ts';
import { inStockProductIds, signUpShoppers } from '../lib/shoppers.ts';
import { startBenchSmtp } from '../lib/smtp.ts';
import { fixed, median, percent, runsText, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';
import { giveStockSqlite, SHOPPERS } from './orders.ts';

/** With bookings, orders/s at least this share of without. */
export const BOOKING_OF_WITHOUT = 0.9;

export interface BookingRow {
  bookings: 'without' | 'with';
  rate: number;
  p50: number;
  p99: number;
  cpuPerOrder: number;
  acked: number;
  failed: number;
  /** Bookings (AWB given) finished inside the runs' windows, all runs. */
  booked: number;
}

export interface BookingResult {
  rows: BookingRow[];
  /** Median orders/s with bookings over without. */
  ratio: number;
  /** The worker's bookings per second with no other load (how the pool was sized). */
  alonePerSecond: number;
  /** Every order queued was booked once and its pickup requested. */
  allBooked: boolean;
}

const booked = (fake: FakeShiprocket) => [...fake.orders.values()].filter((o) => o.awb !== null).length;

/** Resolves when every one of `numbers` has its AWB and its pickup at the fake, looking every 50 ms. */
async function bookingsDone(fake: FakeShiprocket, numbers: readonly string[], timeoutMs = 300_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  const done = () => numbers.every((n) => (fake.orders.get(n)?.pickups ?? 0) > 0);
  while (!done()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** Orders placed by the shoppers for 1 s at a time until there are `count`, their advance received. */
async function bookableOrders(url: string, cookies: string[], products: string[], owner: string, count: number) {
  const numbers: string[] = [];
  while (numbers.length < count) numbers.push(...(await placeOrders(url, cookies, products, 1, 'lines')).acked);
  const pool = numbers.slice(0, count);
  await receiveAdvances(url, owner, pool);
  return pool;
}

export async function benchBooking(options: BenchOptions): Promise<BookingResult> {
  const fake = await startFakeShiprocket();
  const smtp = await startBenchSmtp();
  try {
    const dataDir = copyDataDir(await seededDataDir(options.quick ? 300 : 1000));
    giveStockSqlite(join(dataDir, 'store.sqlite'), INITIAL_STOCK);
    const store = await startStore({
      dataDir,
      env: { SMTP_URL: smtp.url, UNPAID_ORDERS_MAX: String(BENCH_UNPAID_ORDERS_MAX), ...fake.env() },
      label: 'the store taking orders and booking couriers on SQLite',
    });
    try {
      progress(`booking: signing up ${SHOPPERS} shoppers`);
      const cookies = await signUpShoppers(store.url, SHOPPERS);
      const products = await inStockProductIds(store.url);
      const owner = await ownerCookie(store.url);
      await placeOrders(store.url, cookies, products, 1, 'lines');

      // The worker's pace alone (its log-in to the courier, JIT and caches warmed by it too).
      const trial = await bookableOrders(store.url, cookies, products, owner, 60);
      const trialStart = performance.now();
      await bookCouriers(store.url, owner, trial);
      if (!(await bookingsDone(fake, trial))) throw new Error('the trial bookings did not finish');
      const alonePerSecond = trial.length / ((performance.now() - trialStart) / 1000);
      const courierCalls = fake.requests.filter((r) => !r.path.includes('serviceability')).length;
      const callsPerBooking = courierCalls / trial.length;
      const perRun = Math.min(3000, Math.ceil(alonePerSecond * options.seconds * 1.5));
      progress(`booking: ${fixed(alonePerSecond, 0)} bookings/s alone; ${perRun} orders to book per run`);
      const pool = await bookableOrders(store.url, cookies, products, owner, perRun * options.runs);
      fake.requests.length = 0;

      const loads = { without: [] as OrderLoad[], with: [] as OrderLoad[] };
      const cpu = { without: [] as number[], with: [] as number[] };
      let bookedInWindows = 0;
      let allBooked = true;
      for (let run = 1; run <= options.runs; run++) {
        // Alternated, so a machine getting busier or quieter does not favour one side.
        const order = run % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const);
        for (const side of order) {
          progress(`booking: run ${run}/${options.runs}, ${side} bookings`);
          const batch = side === 'with' ? pool.slice((run - 1) * perRun, run * perRun) : [];
          const before = booked(fake);
          const cpuBefore = cpuMs(store.pid);
          const placing = placeOrders(store.url, cookies, products, options.seconds, 'lines');
          if (batch.length) await bookCouriers(store.url, owner, batch);
          const load = await placing;
          const inWindow = booked(fake) - before;
          cpu[side].push((cpuMs(store.pid) - cpuBefore) / load.acked.length);
          loads[side].push(load);
          for (const [what, n] of load.failures) progress(`booking: ${n} x ${what}`);
          if (side === 'with') {
            bookedInWindows += inWindow;
            progress(`booking: ${inWindow} of ${batch.length} booked inside the window; waiting for the rest`);
            allBooked = (await bookingsDone(fake, batch)) && allBooked;
            fake.requests.length = 0;
          }
        }
      }
      // Once each: the fake keeps one order per order number, so a booking made twice would show as a refused create.
      allBooked = allBooked && booked(fake) === trial.length + pool.length;

      const row = (side: 'without' | 'with'): BookingRow => ({
        bookings: side,
        rate: median(loads[side].map((l) => l.rate)),
        p50: median(loads[side].map((l) => l.p50)),
        p99: median(loads[side].map((l) => l.p99)),
        cpuPerOrder: median(cpu[side]),
        acked: loads[side].reduce((n, l) => n + l.acked.length, 0),
        failed: loads[side].reduce((n, l) => n + [...l.failures.values()].reduce((a, b) => a + b, 0), 0),
        booked: side === 'with' ? bookedInWindows : 0,
      });
      const rows = [row('without'), row('with')];
      const ratio = (rows[1]?.rate ?? Number.NaN) / (rows[0]?.rate ?? Number.NaN);
      printTable(
        `Orders with courier bookings beside them (SQLite, ${SHOPPERS} shoppers, ${options.seconds} s per run, median of ${runsText(options.runs)})`,
        rows.map((r) => ({
          bookings: r.bookings === 'with' ? `with (${whole(perRun)} booked per run)` : 'without',
          'orders/s': whole(r.rate),
          'of without': percent(r.rate / (rows[0]?.rate ?? Number.NaN)),
          'order p50 ms': fixed(r.p50, 1),
          'order p99 ms': fixed(r.p99, 1),
          'store CPU ms/order': fixed(r.cpuPerOrder, 2),
          'orders acknowledged': whole(r.acked),
          failed: whole(r.failed),
          'bookings done in the windows': r.bookings === 'with' ? whole(r.booked) : '-',
        })),
        [
          `The worker alone booked ${fixed(alonePerSecond, 0)} orders/s (${fixed(callsPerBooking, 1)} calls to the fake per booking, its pickup included); each run with bookings gave it ${whole(perRun)}, half again more than it can do in a window. All ${whole(trial.length + pool.length)} orders queued were booked once with their pickup requested: ${allBooked ? 'yes' : 'NO'}.`,
          'Store CPU ms/order: the store process (its mail and courier workers included) per acknowledged order.',
          CAP_RAISED_NOTE,
        ],
      );
      return { rows, ratio, alonePerSecond, allBooked };
    } finally {
      await store.stop();
    }
  } finally {
    await smtp.close();
    await fake.close();
  }
}
