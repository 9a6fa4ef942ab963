/**
 * Shiprocket's tracking webhook (webhook-routes.ts) and the poll for quiet parcels, on SQLite and
 * PostgreSQL, against the fake Shiprocket: the token checked (none, wrong: 401, nothing changed),
 * the documented payload validated and size-limited, duplicates and out-of-order events, an AWB we
 * never booked, and the poll applying what the courier says when webhooks went missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import type { TestApp } from '../test-support/app.ts';
import { createCourierTestApp, orderDesk, until } from '../test-support/courier-app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { type FakeShiprocket, shiprocketWebhookBody, startFakeShiprocket } from './couriers/shiprocket/fake.ts';
import { WEBHOOK_BODY_LIMIT } from './webhook-routes.ts';

async function observe(db: Db, number: string) {
  const row = await db
    .selectFrom('orders')
    .innerJoin('shipments', 'shipments.order_id', 'orders.id')
    .select(['orders.status', 'shipments.step', 'shipments.awb', 'shipments.scan_text', 'shipments.undelivered_reason'])
    .where('orders.number', '=', number)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('shipment_events')
    .select(['status_id', 'step'])
    .where('awb', '=', row.awb ?? '')
    .orderBy('at')
    .execute();
  return { ...row, events: events.map((e) => `${e.status_id}:${e.step}`) };
}

describe.each(TEST_DIALECTS)('the courier webhook on %s', (dialect) => {
  let fake: FakeShiprocket;
  let t: TestApp;
  let desk: Awaited<ReturnType<typeof orderDesk>>;
  const t0 = Date.parse('2026-11-21T04:00:00Z');

  beforeAll(async () => {
    fake = await startFakeShiprocket();
    t = await createCourierTestApp({ dialect, fake, courierJobs: { pollMs: 50, backoffMs: 20 } });
    desk = await orderDesk(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** An order booked through the fake; its number and AWB. */
  async function bookedOrder() {
    const number = await desk.order();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/book-courier',
      headers: { cookie: desk.admin },
      payload: { orderNumbers: [number] },
    });
    expect(res.statusCode).toBe(200);
    await until(() => Boolean(fake.orders.get(number)?.awb), 'the AWB');
    await until(async () => (await observe(t.app.db, number)).awb !== null, 'the booking');
    return { number, awb: fake.orders.get(number)!.awb! };
  }

  const send = (body: unknown, key: string | null = fake.webhookToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/courier/updates',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
      payload: JSON.stringify(body),
    });

  const update = (awb: string, statusId: number, status: string, minutes: number, activity?: string) =>
    shiprocketWebhookBody({ awb, statusId, status, at: new Date(t0 + minutes * 60_000), activity });

  it('refuses a webhook without the token or with a wrong one: 401, nothing changed', async () => {
    const { number, awb } = await bookedOrder();
    const before = await observe(t.app.db, number);
    for (const key of [
      null,
      '',
      'wrong-token-of-any-length',
      `${fake.webhookToken}x`,
      fake.webhookToken.slice(0, -1),
    ]) {
      const res = await send(update(awb, 42, 'PICKED UP', 10), key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'bad_token' } });
    }
    expect(await observe(t.app.db, number)).toEqual(before);
  });

  it('applies the documented payload, once: a duplicate changes nothing', async () => {
    const { number, awb } = await bookedOrder();
    const res = await send(update(awb, 42, 'PICKED UP', 10));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const after = await observe(t.app.db, number);
    expect(after).toMatchObject({ step: 'picked_up', status: 'dispatched', events: ['42:picked_up'] });
    const again = await send(update(awb, 42, 'PICKED UP', 10));
    expect(again.statusCode).toBe(200);
    expect(await observe(t.app.db, number)).toEqual(after);
  });

  it('an older status after a newer one stays in the history; the order never moves back', async () => {
    const { number, awb } = await bookedOrder();
    await send(update(awb, 42, 'PICKED UP', 10));
    await send(update(awb, 7, 'DELIVERED', 300));
    await send(update(awb, 17, 'OUT FOR DELIVERY', 200)); // late
    await send(update(awb, 18, 'IN TRANSIT', 100)); // later still
    const seen = await observe(t.app.db, number);
    expect(seen.step).toBe('delivered');
    expect(seen.status).toBe('delivered');
    expect(seen.events).toEqual(['42:picked_up', '18:in_transit', '17:out_for_delivery', '7:delivered']);
  });

  it('a failed attempt keeps the courier’s reason', async () => {
    const { number, awb } = await bookedOrder();
    await send(update(awb, 42, 'PICKED UP', 10));
    await send(update(awb, 21, 'UNDELIVERED', 100, 'Customer not available'));
    expect(await observe(t.app.db, number)).toMatchObject({
      step: 'undelivered',
      undelivered_reason: 'Customer not available',
    });
  });

  it('an AWB we never booked changes nothing (answered 200, logged)', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('shipment_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await send(update('99999999999999', 7, 'DELIVERED', 10));
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('validates the body and limits its size', async () => {
    const { number, awb } = await bookedOrder();
    const before = await observe(t.app.db, number);
    for (const body of [
      {},
      { awb, shipment_status_id: 'seven', shipment_status: 'DELIVERED', current_timestamp: '23 05 2023 11:43:52' },
      { ...update(awb, 7, 'DELIVERED', 10), awb: '' },
      { ...update(awb, 7, 'DELIVERED', 10), shipment_status: 'x'.repeat(101) },
    ]) {
      expect((await send(body)).statusCode).toBe(400);
    }
    const huge = { ...update(awb, 7, 'DELIVERED', 10), padding: 'x'.repeat(WEBHOOK_BODY_LIMIT) };
    expect((await send(huge)).statusCode).toBe(413);
    // A status the store has no step for (Lost) is answered and kept on Shiprocket only.
    expect((await send(update(awb, 12, 'LOST', 20))).statusCode).toBe(200);
    expect(await observe(t.app.db, number)).toEqual(before);
  });

  it('the poll asks about a parcel with no event for 12 hours and applies what the courier says', async () => {
    const { number, awb } = await bookedOrder();
    // Booked 13 hours ago, nothing heard since.
    await t.app.db
      .updateTable('shipments')
      .set({ booked_at: nowIso(Date.now() - 13 * 3_600_000) })
      .where('awb', '=', awb)
      .execute();
    fake.addScan(awb, 42, 'PICKED UP', new Date(t0));
    fake.addScan(awb, 18, 'IN TRANSIT', new Date(t0 + 3_600_000));
    const worker = t.app.courierJobs.worker!;
    expect(await worker.pollTracking()).toBe(2);
    expect(await observe(t.app.db, number)).toMatchObject({
      step: 'in_transit',
      events: ['42:picked_up', '18:in_transit'],
    });
    // Asked again at once: once per quiet period, and nothing new anyway.
    expect(await worker.pollTracking()).toBe(0);
    expect(fake.requests.filter((r) => r.path.includes(`/track/awb/${awb}`))).toHaveLength(1);
  });
});

describe('the courier webhook without its settings', () => {
  it('does not exist with the manual courier (404)', async () => {
    const t = await createCourierTestApp({});
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/courier/updates',
        headers: { 'content-type': 'application/json', 'x-api-key': 'anything-at-all-here' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
