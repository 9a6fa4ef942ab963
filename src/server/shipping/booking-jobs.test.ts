/**
 * Booking through the courier job table (booking-jobs.ts, booking-worker.ts) against the fake
 * Shiprocket, on SQLite and PostgreSQL: the packing gate, the owner's "Book courier" for one order
 * or several, the courier's refusal in words, and the courier down (503) or hanging while 50 orders
 * are booked: every booking exactly once after it comes back, the store answering meanwhile.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/tables.ts';
import type { TestApp } from '../test-support/app.ts';
import { createCourierTestApp, orderDesk, until } from '../test-support/courier-app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { countWaitingJobs, requestBookings } from './booking-jobs.ts';
import { CourierWorker } from './booking-worker.ts';
import { ShiprocketClient } from './couriers/shiprocket/client.ts';
import { type FakeShiprocket, startFakeShiprocket } from './couriers/shiprocket/fake.ts';
import { ShiprocketCourier } from './couriers/shiprocket/shiprocket-courier.ts';

const quiet = { info() {}, warn() {}, error() {} };

async function shipmentOf(db: Db, number: string) {
  return db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .selectAll('shipments')
    .where('orders.number', '=', number)
    .executeTakeFirst();
}

async function bookedCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('booking_state', '=', 'booked')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const requestsTo = (fake: FakeShiprocket, path: string) => fake.requests.filter((r) => r.path.endsWith(path)).length;

describe.each(TEST_DIALECTS)('courier booking on %s', (dialect) => {
  let fake: FakeShiprocket;
  let t: TestApp;
  let desk: Awaited<ReturnType<typeof orderDesk>>;

  beforeAll(async () => {
    fake = await startFakeShiprocket();
    t = await createCourierTestApp({ dialect, fake, courierJobs: { pollMs: 50, backoffMs: 20, maxBackoffMs: 100 } });
    desk = await orderDesk(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const book = (numbers: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/book-courier',
      headers: { cookie: desk.admin },
      payload: { orderNumbers: numbers },
    });

  it('waits for the advance (the packing gate), then books: AWB, ids, label, pickup', async () => {
    const number = await desk.order('awaiting');
    const refused = await book([number]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().results).toEqual([
      {
        orderNumber: number,
        outcome: 'refused',
        message: `Order ${number} waits for its advance: book the courier once it is received or waived.`,
      },
    ]);
    expect(await shipmentOf(t.app.db, number)).toBeUndefined();

    const { settleAdvance } = await import('../test-support/admin.ts');
    await settleAdvance(t, desk.admin, number, 'received');
    const res = await book([number]);
    expect(res.json().results[0]).toMatchObject({ outcome: 'booking', message: null });
    await until(async () => (await shipmentOf(t.app.db, number))?.booking_state === 'booked', 'the booking');
    const shipment = (await shipmentOf(t.app.db, number))!;
    const sr = fake.orders.get(number)!;
    expect(shipment).toMatchObject({
      courier: 'shiprocket',
      courier_name: 'Delhivery Surface',
      awb: sr.awb,
      courier_order_id: String(sr.id),
      courier_shipment_id: String(sr.shipmentId),
      step: 'booked',
      booking_error: null,
      tracking_url: `https://shiprocket.co/tracking/${sr.awb}`,
    });
    expect(shipment.label_url).toMatch(/\.pdf$/);
    // COD: the balance is collected (total 3500 less the ₹300 advance received), the advance deducted.
    expect(sr.body).toMatchObject({ payment_method: 'COD', sub_total: 3200, total_discount: 300 });
    await until(() => fake.orders.get(number)!.pickups === 1, 'the pickup');
    await until(async () => (await countWaitingJobs(t.app.db)) === 0, 'the jobs to finish');

    // Booked already: asking again books nothing.
    const again = await book([number]);
    expect(again.json().results[0]).toMatchObject({
      outcome: 'refused',
      message: `Order ${number} is already booked (AWB ${sr.awb}).`,
    });
  });

  it('a waived advance sends the whole total to collect', async () => {
    const number = await desk.order('waived');
    await book([number]);
    await until(async () => (await shipmentOf(t.app.db, number))?.booking_state === 'booked', 'the booking');
    expect(fake.orders.get(number)!.body).toMatchObject({ payment_method: 'COD', sub_total: 3500, total_discount: 0 });
  });

  it('books the ticked orders in one go, each once, and refuses the ones that may not go', async () => {
    const ready = [await desk.order(), await desk.order(), await desk.order()];
    const waiting = await desk.order('awaiting');
    const res = await book([...ready, waiting, 'TSW-99999', ready[0]!]);
    const results = res.json().results as Array<{ orderNumber: string; outcome: string }>;
    expect(results.map((r) => r.outcome)).toEqual(['booking', 'booking', 'booking', 'refused', 'refused']);
    await until(async () => {
      const rows = await Promise.all(ready.map((n) => shipmentOf(t.app.db, n)));
      return rows.every((r) => r?.booking_state === 'booked');
    }, 'three bookings');
    for (const n of ready) expect(fake.orders.get(n)!.awb).toBeTruthy();
    expect(fake.orders.has(waiting)).toBe(false);
  });

  it('the courier’s refusal stops the job and is shown in its words; booking again tries again', async () => {
    // A pickup location Shiprocket does not know: its own validation error. (A fake of its own:
    // this app's order numbers start again at the first, which the other fake has booked.)
    const ownFake = await startFakeShiprocket();
    const wrong = await createCourierTestApp({
      dialect,
      fake: ownFake,
      env: { SHIPROCKET_PICKUP_LOCATION: 'Old Warehouse' },
      courierJobs: { pollMs: 50, backoffMs: 20 },
    });
    try {
      const wrongDesk = await orderDesk(wrong);
      const number = await wrongDesk.order();
      const before = ownFake.orders.size;
      const ask = () =>
        wrong.app.inject({
          method: 'POST',
          url: '/api/admin/orders/book-courier',
          headers: { cookie: wrongDesk.admin },
          payload: { orderNumbers: [number] },
        });
      expect((await ask()).json().results[0].outcome).toBe('booking');
      await until(async () => (await shipmentOf(wrong.app.db, number))?.booking_state === 'failed', 'the refusal');
      const shipment = (await shipmentOf(wrong.app.db, number))!;
      expect(shipment.booking_error).toBe(
        'Oops! Invalid Data. pickup_location: Wrong Pickup location entered. Please choose one location from data given',
      );
      expect(ownFake.orders.size).toBe(before);
      const job = await wrong.app.db.selectFrom('courier_jobs').selectAll().executeTakeFirstOrThrow();
      expect(job).toMatchObject({ kind: 'book', state: 'failed', attempts: 1 });
      // Asked again: the job is re-armed (and refused again, the setting being unchanged).
      expect((await ask()).json().results[0].outcome).toBe('booking');
      expect((await shipmentOf(wrong.app.db, number))!.booking_state).toBe('booking');
      await until(
        async () => (await shipmentOf(wrong.app.db, number))?.booking_state === 'failed',
        'the second refusal',
      );
    } finally {
      await wrong.close();
      await ownFake.close();
    }
  });
});

describe.each(TEST_DIALECTS)('a courier down or hanging while 50 orders are booked, on %s', (dialect) => {
  let fake: FakeShiprocket;
  let t: TestApp;
  let desk: Awaited<ReturnType<typeof orderDesk>>;
  let worker: CourierWorker;
  let numbers: string[];

  beforeEach(async () => {
    fake = await startFakeShiprocket();
    // The app itself with the manual courier: this test's own worker, with a short time limit, books.
    t = await createCourierTestApp({ dialect });
    desk = await orderDesk(t);
    numbers = [];
    for (let i = 0; i < 50; i++) numbers.push(await desk.order());
    const settings = {
      email: fake.email,
      password: fake.password,
      apiUrl: fake.apiUrl,
      pickupLocation: 'Primary',
      pickupPincode: '400001',
      webhookToken: undefined,
    };
    const courier = new ShiprocketCourier(
      new ShiprocketClient({ ...settings, timeoutMs: 250 }),
      settings,
      'shop@example.in',
    );
    worker = new CourierWorker(t.app.db, t.config, courier, quiet, { pollMs: 20, backoffMs: 10, maxBackoffMs: 60 });
  });
  afterEach(async () => {
    await worker.stop();
    await t.close();
    await fake.close();
  });

  async function storeAnswersQuickly() {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: `/api/orders`, headers: { cookie: desk.shopper.cookie } });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  }

  for (const mode of ['down', 'hang'] as const) {
    it(`${mode === 'down' ? '503s' : 'hangs'}: every booking exactly once after it comes back`, async () => {
      fake.mode = mode;
      const results = await requestBookings(t.app.db, 'shiprocket', numbers);
      expect(results.every((r) => r.outcome === 'booking')).toBe(true);
      worker.start();
      // The courier is tried, and fails, again and again.
      await until(
        () => fake.requests.length >= 5 && (mode === 'down' || fake.hanging() + fake.requests.length >= 5),
        'attempts against the courier',
      );
      await storeAnswersQuickly();
      // A new order is placed while the courier is down.
      numbers.push(await desk.order());
      await requestBookings(t.app.db, 'shiprocket', [numbers.at(-1)!]);
      await storeAnswersQuickly();
      expect(await bookedCount(t.app.db)).toBe(0);

      fake.mode = 'normal';
      // And the first answer after it comes back is lost on the way: the retry must find that order.
      fake.loseNextAnswer('/orders/create/adhoc');
      worker.nudge();
      await until(async () => (await bookedCount(t.app.db)) === 51, '51 bookings', 60_000);
      expect(fake.orders.size).toBe(51);
      const awbs = [...fake.orders.values()].map((o) => o.awb);
      expect(new Set(awbs).size).toBe(51);
      expect(requestsTo(fake, '/orders/create/adhoc')).toBeGreaterThanOrEqual(51);
      // One order created per order number, one AWB each: exactly once.
      expect(requestsTo(fake, '/courier/assign/awb')).toBe(51);
      for (const n of numbers) expect((await shipmentOf(t.app.db, n))?.awb).toBe(fake.orders.get(n)!.awb);
      await until(async () => (await countWaitingJobs(t.app.db)) === 0, 'the pickups');
      expect([...fake.orders.values()].every((o) => o.pickups === 1)).toBe(true);
    }, 180_000);
  }
});
