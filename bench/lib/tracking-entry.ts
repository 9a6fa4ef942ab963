/**
 * The tracking benchmark's child (bench/suites/tracking.ts; issue 23): the real app with Shiprocket's
 * settings (a fake Shiprocket on loopback, idle: nothing here calls it), on a scratch SQLite file or
 * PostgreSQL database. Before each run, fresh parcels: orders placed and their advance received
 * through the app's own routes, each given an AWB by the store's own code (saveManualShipment), so
 * every "picked up" moves a real order to dispatched (invoice issued) and "delivered" to delivered.
 * Then the stream of tracking-events.ts is applied, CONCURRENCY at a time, either by calling
 * applyTrackingEvent (the store's code path) or by POSTing each webhook to /api/courier/updates
 * through Fastify's inject (token check, validation, the route; no socket). Only the applying is
 * timed. Prints one `RESULT {json}` line per run, with the outcomes checked against the database.
 * A process of its own, so the store's module graph and logs stay out of the bench process.
 *
 *   node --import tsx bench/lib/tracking-entry.ts <dataDir> <databaseUrl|-> <direct|webhook> <parcels> <runs>
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createAdmin } from '../../src/server/admin/first-admin.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { type ApplyOutcome, applyTrackingEvent } from '../../src/server/shipping/apply-event.ts';
import type { TrackingEvent } from '../../src/server/shipping/courier.ts';
import { startFakeShiprocket } from '../../src/server/shipping/couriers/shiprocket/fake.ts';
import { shiprocketWebhookSchema, webhookEvent } from '../../src/server/shipping/couriers/shiprocket/webhook.ts';
import { saveManualShipment } from '../../src/server/shipping/shipments.ts';
import { placeOrder, settleAdvance } from '../../src/server/test-support/admin.ts';
import type { TestApp } from '../../src/server/test-support/app.ts';
import { BOOKS_SHOP_GSTIN } from '../../src/server/test-support/invoiced-orders.ts';
import { insertProduct, signUp } from '../../src/server/test-support/shoppers.ts';
import { percentile } from './stats.ts';
import { eventStream } from './tracking-events.ts';

/** Webhook deliveries in flight at once: Shiprocket sends many parcels' scans side by side. */
export const CONCURRENCY = 16;

const [dataDir = '', databaseUrl = '-', mode = 'direct', parcelsText = '2000', runsText = '3'] = process.argv.slice(2);
const parcels = Number(parcelsText);
const fake = await startFakeShiprocket();
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  COOKIE_SECURE: 'false',
  DATA_DIR: dataDir,
  ...(databaseUrl === '-' ? {} : { DATABASE_URL: databaseUrl }),
  // As the bench's stores run (lib/server.ts): warnings only, so the logs are not what is measured.
  LOG_LEVEL: 'warn',
  SEED_PRODUCTS: '0',
  // A shop with a GSTIN: "picked up" issues the GST invoice, as in production.
  SHOP_GSTIN: BOOKS_SHOP_GSTIN,
  // One benchmark shopper places thousands of orders.
  UNPAID_ORDERS_MAX: '1000000',
  ...fake.env(),
});
const database = openDatabase(
  databaseUrl === '-' ? { sqlitePath: join(dataDir, 'store.sqlite') } : { databaseUrl: databaseUrl },
);
await migrateToLatest(database);
// No quiet-parcel poll: every parcel here has fresh events, and the poll would only add noise.
const app = await buildApp({ config, database, courierJobs: { trackPollMs: 0 } });
await app.ready();
// The test helpers take a TestApp; only its app is used by them.
const t = { app, config } as unknown as TestApp;
await createAdmin(app.db, 'bench-owner', 'bench-owner-password-7');
const login = await app.inject({
  method: 'POST',
  url: '/api/admin/login',
  payload: { username: 'bench-owner', password: 'bench-owner-password-7' },
});
const admin = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const shoppers = await Promise.all(Array.from({ length: 8 }, () => signUp(app)));
const product = await insertProduct(app.db, { price: 9000, discountPrice: 7000 });

/** Runs `work` over `items`, `width` at a time; resolves when all are done. */
async function inFlight<T>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

let awbSeq = 0;
/**
 * `count` orders with their advance received and an AWB; their AWBs. On SQLite without an fsync per
 * commit while they are written (the set-up is not measured, and the owner's steps commit one by
 * one), then back to the store's own setting before the clock starts.
 */
async function bookedParcels(count: number): Promise<string[]> {
  const synchronous = database.sqlite?.pragma('synchronous', { simple: true });
  database.sqlite?.pragma('synchronous = OFF');
  try {
    return await placeParcels(count);
  } finally {
    database.sqlite?.pragma(`synchronous = ${Number(synchronous)}`);
  }
}

async function placeParcels(count: number): Promise<string[]> {
  const awbs: string[] = new Array(count);
  await inFlight(awbs, 16, async (_, i) => {
    const shopper = shoppers[i % shoppers.length]!;
    const number = await placeOrder(t, shopper.cookie, product.id);
    await settleAdvance(t, admin, number, 'received');
    const awb = `BENCH${String(++awbSeq).padStart(9, '0')}`;
    await saveManualShipment(app.db, number, { courierName: 'Delhivery', awb });
    awbs[i] = awb;
  });
  return awbs;
}

async function applyDirect(event: TrackingEvent): Promise<ApplyOutcome> {
  return (await applyTrackingEvent(app.db, config, event)).outcome;
}

async function postWebhook(payload: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/courier/updates',
    headers: { 'content-type': 'application/json', 'x-api-key': fake.webhookToken },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
}

for (let run = 1; run <= Number(runsText); run++) {
  const awbs = await bookedParcels(parcels);
  const stream = eventStream(awbs, run);
  // Prepared before the clock starts: the events as the route makes them, the bodies as sent.
  const events = stream.deliveries.map((d) => {
    const event = webhookEvent(shiprocketWebhookSchema.parse(d.body));
    if (!event) throw new Error(`no step for ${JSON.stringify(d.body).slice(0, 200)}`);
    return event;
  });
  const payloads = stream.deliveries.map((d) => JSON.stringify(d.body));
  const outcomes = new Map<string, number>();
  const latencies: number[] = new Array(events.length);
  // --profile: the applying alone, without the set-up, as a CPU profile (bench/lib/profile.ts reads it).
  const profiler = process.env.TRACKING_PROFILE_DIR ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // A parcel's event waits for the answer to its previous one, as a courier's sender does.
  const answered = new Map<string, Promise<void>>();
  await inFlight(events, CONCURRENCY, async (event, i) => {
    const previous = answered.get(event.awb);
    const delivery = (async () => {
      await previous;
      const sent = performance.now();
      if (mode === 'webhook') await postWebhook(payloads[i] as string);
      else {
        const outcome = await applyDirect(event);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      latencies[i] = performance.now() - sent;
    })();
    answered.set(event.awb, delivery);
    await delivery;
  });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(
      join(process.env.TRACKING_PROFILE_DIR ?? '', `tracking-${mode}-${run}.cpuprofile`),
      JSON.stringify(profile),
    );
    profiler.disconnect();
  }

  // What the database holds afterwards: every parcel delivered, every order delivered, each event once.
  const delivered = await app.db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shipments.awb', 'in', awbs)
    .where('shipments.step', '=', 'delivered')
    .where('orders.status', '=', 'delivered')
    .executeTakeFirstOrThrow();
  const stored = await app.db
    .selectFrom('shipment_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('awb', 'in', awbs)
    .executeTakeFirstOrThrow();
  console.log(
    `RESULT ${JSON.stringify({
      mode,
      run,
      // SQLite's setting while events were applied (2: FULL), as the store opens it; null on PostgreSQL.
      synchronous: database.sqlite?.pragma('synchronous', { simple: true }) ?? null,
      parcels,
      events: events.length,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      expected: stream.expected,
      // The route answers 200 whatever the outcome: on that row only the database's count is checked.
      outcomes: mode === 'webhook' ? null : Object.fromEntries(outcomes),
      delivered: Number(delivered.n),
      stored: Number(stored.n),
    })}`,
  );
}
await app.close();
await database.db.destroy();
await fake.close();
