/**
 * The GSTR-1 benchmark's child (bench/suites/gstr1.ts; issue 25): a scratch SQLite database with a
 * financial year of invoiced orders (1 to 3 lines each, places of supply across the states, 3 in 100
 * credited), written straight into the tables (test-support/invoiced-orders.ts), then the year's four
 * quarterly returns built by the store's own code (books/gstr1/), each also written as the offline
 * tool's JSON. Prints one JSON line: invoices, credit notes, the time, peak RSS and heap above what the
 * process held before. A process of its own, so the peak is the return's.
 *
 *   node --expose-gc --import tsx bench/lib/gstr1-entry.ts <dataDir> <invoices>
 */
import { join } from 'node:path';
import { buildGstr1 } from '../../src/server/books/gstr1/gstr1.ts';
import { gstr1Json } from '../../src/server/books/gstr1/json.ts';
import { parsePeriod } from '../../src/server/books/gstr1/period.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import {
  BOOKS_SHOP_GSTIN,
  booksShopper,
  type InvoicedOrder,
  insertInvoicedOrders,
} from '../../src/server/test-support/invoiced-orders.ts';

const [dataDir = '', invoicesText = '100000'] = process.argv.slice(2);
const count = Number(invoicesText);
const database = openDatabase({ sqlitePath: join(dataDir, 'store.sqlite') });
await migrateToLatest(database);
const db = database.db;
const userId = await booksShopper(db);

// A year, 1 April 2026 to 31 March 2027 (India), invoices spread evenly; a fixed pseudo-random sequence.
let seed = 20_260_401;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const yearStart = Date.parse('2026-03-31T18:30:00.000Z');
const yearMs = 365 * 86_400_000;
const states = ['27', '27', '27', '29', '07', '33', '24', '09', '19', '32'];
const batch: InvoicedOrder[] = [];
let notes = 0;
for (let i = 0; i < count; i++) {
  const at = yearStart + Math.floor(((i + 0.5) * yearMs) / count);
  const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
    unitPrice: 999 + Math.floor(random() * 150_000),
    quantity: 1 + Math.floor(random() * 2),
  }));
  const credited = random() < 0.03 && at + 3 * 86_400_000 < yearStart + yearMs;
  batch.push({
    invoiceNumber: `TSW/26-27/${String(i + 1).padStart(6, '0')}`,
    invoiceDate: new Date(at).toISOString(),
    supplyCode: states[Math.floor(random() * states.length)]!,
    rateBp: 1800,
    lines,
    ...(credited
      ? {
          creditNote: {
            number: `TSWCN/2627/${String(++notes).padStart(5, '0')}`,
            date: new Date(at + 2 * 86_400_000).toISOString(),
          },
        }
      : {}),
  });
  if (batch.length === 5000) {
    await insertInvoicedOrders(db, userId, batch.splice(0));
  }
}
await insertInvoicedOrders(db, userId, batch.splice(0));

globalThis.gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 10);
const started = performance.now();
let counted = 0;
let jsonBytes = 0;
for (const quarter of ['2026-27-Q1', '2026-27-Q2', '2026-27-Q3', '2026-27-Q4']) {
  const period = parsePeriod(quarter)!;
  const ret = await buildGstr1(db, period);
  counted += ret.invoices.count;
  jsonBytes += JSON.stringify(gstr1Json(ret, BOOKS_SHOP_GSTIN, period)).length;
}
const ms = performance.now() - started;
clearInterval(sampler);
const mb = (bytes: number) => bytes / 1024 / 1024;
console.log(
  JSON.stringify({
    invoices: counted,
    creditNotes: notes,
    ms,
    jsonKb: jsonBytes / 1024,
    rssMb: mb(peakRss),
    rssGrowthMb: mb(peakRss - base.rss),
    heapGrowthMb: mb(peakHeap - base.heapUsed),
  }),
);
await database.db.destroy();
