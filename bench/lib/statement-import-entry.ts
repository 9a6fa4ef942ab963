/**
 * The bank statement benchmark's child (bench/suites/statement.ts; issue 25): a store on a
 * scratch SQLite database with shoppers' submitted advances, then statements of 10,000 and
 * 50,000 lines (HDFC's layout, written to disk line by line) imported through the store's own
 * code, as the route does, reading the file as a stream. Prints one JSON line per statement: the
 * time, the process's peak RSS and heap above what it held before, and what was matched.
 * A process of its own, so the peak is the import's and no other benchmark's.
 *
 *   node --import tsx bench/lib/statement-import-entry.ts <dataDir> <orders> <lines,lines>
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createAdmin } from '../../src/server/admin/first-admin.ts';
import { buildApp } from '../../src/server/app.ts';
import { importStatement } from '../../src/server/books/statement/import-statement.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { submitAdvance } from '../../src/server/orders/advance.ts';
import { insertProduct, signUp } from '../../src/server/test-support/shoppers.ts';

const [dataDir = '', ordersText = '200', sizesText = '10000,50000'] = process.argv.slice(2);
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.BENCH_LOG === '1' ? 'error' : 'silent',
  SHOP_UPI_ID: 'timesquare@okaxis',
  UNPAID_ORDERS_MAX: '1000',
  SEED_PRODUCTS: '0',
});
const database = openDatabase({ sqlitePath: join(dataDir, 'store.sqlite') });
await migrateToLatest(database);
const app = await buildApp({ config, database, logger: process.env.BENCH_LOG === '1' });
await app.ready();
await createAdmin(app.db, 'bench-owner', 'bench-owner-password');
const adminId = (
  await app.db.selectFrom('admins').select('id').where('username', '=', 'bench-owner').executeTakeFirstOrThrow()
).id;
const product = await insertProduct(app.db, { price: 9000, discountPrice: 7000 });

/** Shoppers' orders with the UTRs they typed; statement i proves the orders of its own range. */
const orders = Number(ordersText);
const utrOf = (statement: number, n: number) => `63${statement}${String(n).padStart(9, '0')}`;
const sizes = sizesText.split(',').map(Number);
for (let s = 0; s < sizes.length; s++) {
  for (let n = 0; n < orders; n++) {
    const shopper = await signUp(app);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: {
        address: '12, Sea View, near Church, Mumbai - 400001, Maharashtra',
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
      },
    });
    // The number is read from the database: the benchmark measures the statement, not the order's answer.
    const row = await app.db.selectFrom('orders').select('number').where('user_id', '=', shopper.id).executeTakeFirst();
    if (!row) throw new Error(`order failed: ${placed.body}`);
    const number = row.number;
    await submitAdvance(app.db, config, shopper.id, number, utrOf(s, n));
  }
}

/** HDFC's export: the account's details, the header, then `lines` transactions (1 in 3 a debit). */
async function writeStatement(file: string, statement: number, lines: number) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('HDFC BANK Ltd.,,,,,,\nAccount Name :,TIME SQUARE WATCHES,,,,,\n,,,,,,\n');
  await write('Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n');
  let balance = 1_000_000;
  for (let i = 0; i < lines; i++) {
    const day = String(1 + Math.floor((i * 28) / lines)).padStart(2, '0');
    const date = `${day}/10/26`;
    // Every order's UTR once, spread through the file; the rest other payers' credits and debits.
    const orderN = i % Math.max(1, Math.floor(lines / orders)) === 0 ? Math.floor(i / Math.floor(lines / orders)) : -1;
    const utr =
      orderN >= 0 && orderN < orders ? utrOf(statement, orderN) : `7${statement}${String(i).padStart(10, '0')}`;
    if (orderN < 0 && i % 3 === 0) {
      balance -= 450;
      await write(`${date},POS 512345XXXXXX1234 GROCERY MART ${i},0000${utr},${date},450.00,,"${balance}.00"\n`);
    } else {
      balance += 300;
      await write(
        `${date},UPI-PAYER ${i}-payer${i}@okaxis-UTIB0000123-${utr}-PAYMENT,0000${utr},${date},,300.00,"${balance}.00"\n`,
      );
    }
  }
  out.end();
  await once(out, 'close');
}

for (let s = 0; s < sizes.length; s++) {
  const file = join(dataDir, `statement-${sizes[s]}.csv`);
  await writeStatement(file, s, sizes[s]!);
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
  const result = await importStatement(app.db, config, createReadStream(file), `statement-${sizes[s]}.csv`, adminId);
  const ms = performance.now() - started;
  clearInterval(sampler);
  const end = process.memoryUsage();
  peakRss = Math.max(peakRss, end.rss);
  peakHeap = Math.max(peakHeap, end.heapUsed);
  if (result.kind !== 'imported') throw new Error('the statement was not read');
  console.log(
    JSON.stringify({
      lines: result.linesRead,
      credits: result.credits,
      matched: result.matched.total,
      ms,
      rssMb: peakRss / 2 ** 20,
      rssGrowthMb: (peakRss - base.rss) / 2 ** 20,
      heapGrowthMb: (peakHeap - base.heapUsed) / 2 ** 20,
    }),
  );
}
await app.close();
await database.db.destroy();
