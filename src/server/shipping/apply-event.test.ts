/**
 * Applying tracking events (apply-event.ts) on SQLite and PostgreSQL: a repeat changes nothing, an
 * older step stays in the history only, an unknown AWB changes nothing, the steps' mails go out once,
 * the order moves forward only, and two applications of one event at once apply it once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_STEP_RULES } from '../../common/shipments.ts';
import { adminCookie, placeOrder, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { applyTrackingEvent } from './apply-event.ts';
import type { ShipmentStep, TrackingEvent } from './courier.ts';
import { saveManualShipment } from './shipments.ts';

describe.each(TEST_DIALECTS)('applying tracking events on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopper: Shopper;
  let awbSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
    shopper = await signUp(t.app, { email: 'buyer@example.in' });
  });
  afterAll(async () => t.close());

  /** A fresh order with its advance received and a manual shipment; returns its number and AWB. */
  async function shippedOrder(advance: 'received' | 'awaiting' = 'received') {
    const product = await insertProduct(t.app.db);
    const number = await placeOrder(t, shopper.cookie, product.id);
    if (advance === 'received') await settleAdvance(t, admin, number, 'received');
    awbSeq += 1;
    const awb = `AWB${dialect}${Date.now()}${awbSeq}`.slice(0, 40);
    await saveManualShipment(t.app.db, number, { courierName: 'Delhivery', awb });
    return { number, awb };
  }

  const event = (awb: string, step: ShipmentStep, at: string, extra: Partial<TrackingEvent> = {}): TrackingEvent => ({
    awb,
    statusId: step,
    statusText: SHIPMENT_STEP_RULES[step].ownerLabel,
    step,
    at,
    location: 'Pune Hub',
    reason: null,
    attempt: null,
    expectedBy: null,
    ...extra,
  });

  async function observe(number: string, awb: string) {
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'status', 'invoice_number'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const shipment = await t.app.db
      .selectFrom('shipments')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const events = await t.app.db.selectFrom('shipment_events').select('step').where('awb', '=', awb).execute();
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('kind')
      .where('order_id', '=', order.id)
      .where('kind', 'not in', ['new-order', 'advance-received'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { order, shipment, events: events.length, mails: mails.map((m) => m.kind) };
  }

  it('moves step and order forward, mails on the steps that have a mail, and keeps every event', async () => {
    const { number, awb } = await shippedOrder();
    const r1 = await applyTrackingEvent(t.app.db, t.config, event(awb, 'picked_up', '2026-11-20T05:00:00.000Z'));
    expect(r1).toEqual({ outcome: 'applied', step: 'picked_up', orderMovedTo: 'dispatched', orderHeld: null });
    let seen = await observe(number, awb);
    expect(seen.order.status).toBe('dispatched');
    // The invoice is given as when the owner marks it dispatched: the same setOrderState.
    expect(seen.order.invoice_number).not.toBeNull();
    // The step's mail stands in for the state's "dispatched" mail: one mail, not two.
    expect(seen.mails).toEqual(['shipment-picked-up']);

    await applyTrackingEvent(
      t.app.db,
      t.config,
      event(awb, 'in_transit', '2026-11-21T05:00:00.000Z', { expectedBy: '2026-11-24', location: 'Mumbai Gateway' }),
    );
    await applyTrackingEvent(t.app.db, t.config, event(awb, 'out_for_delivery', '2026-11-23T03:00:00.000Z'));
    const failed = await applyTrackingEvent(
      t.app.db,
      t.config,
      event(awb, 'undelivered', '2026-11-23T12:00:00.000Z', { reason: 'Customer not available', attempt: 1 }),
    );
    expect(failed.outcome).toBe('applied');
    await applyTrackingEvent(
      t.app.db,
      t.config,
      event(awb, 'out_for_delivery', '2026-11-24T03:00:00.000Z', { statusId: 'ofd-2' }),
    );
    await applyTrackingEvent(t.app.db, t.config, event(awb, 'delivered', '2026-11-24T09:00:00.000Z'));
    seen = await observe(number, awb);
    expect(seen.order.status).toBe('delivered');
    expect(seen.shipment).toMatchObject({
      step: 'delivered',
      attempts: 1,
      undelivered_reason: 'Customer not available',
      expected_by: '2026-11-24',
      scan_at: '2026-11-24T09:00:00.000Z',
    });
    expect(seen.events).toBe(6);
    expect(seen.mails).toEqual([
      'shipment-picked-up',
      'shipment-out-for-delivery',
      'shipment-delivery-failed',
      'shipment-out-for-delivery',
      // Delivered also asks for a review (reviews/requests.ts), queued by the state's hook.
      'review-request',
      'shipment-delivered',
    ]);
  });

  it('changes nothing for a duplicate, and keeps an older step in the history only', async () => {
    const { number, awb } = await shippedOrder();
    const delivered = event(awb, 'delivered', '2026-11-24T09:00:00.000Z');
    expect((await applyTrackingEvent(t.app.db, t.config, delivered)).outcome).toBe('applied');
    const before = await observe(number, awb);
    expect((await applyTrackingEvent(t.app.db, t.config, delivered)).outcome).toBe('duplicate');
    expect(await observe(number, awb)).toEqual(before);

    // A late "in transit" (older, and of a lower step) arrives after "delivered".
    const late = await applyTrackingEvent(t.app.db, t.config, event(awb, 'in_transit', '2026-11-22T05:00:00.000Z'));
    expect(late).toEqual({ outcome: 'history', step: 'delivered', orderMovedTo: null, orderHeld: null });
    const after = await observe(number, awb);
    expect(after.order.status).toBe('delivered');
    expect(after.shipment.step).toBe('delivered');
    expect(after.events).toBe(before.events + 1);
    expect(after.mails).toEqual(before.mails);
  });

  it('changes nothing for an AWB no shipment has', async () => {
    const r = await applyTrackingEvent(
      t.app.db,
      t.config,
      event('NEVERBOOKED123', 'delivered', '2026-11-24T09:00:00.000Z'),
    );
    expect(r).toEqual({ outcome: 'unknown', step: null, orderMovedTo: null, orderHeld: null });
    const stored = await t.app.db
      .selectFrom('shipment_events')
      .select('id')
      .where('awb', '=', 'NEVERBOOKED123')
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps a courier scan but holds the order at the packing gate; the owner hears why', async () => {
    const { number, awb } = await shippedOrder('awaiting');
    const r = await applyTrackingEvent(t.app.db, t.config, event(awb, 'picked_up', '2026-11-20T05:00:00.000Z'));
    expect(r.outcome).toBe('applied');
    expect(r.orderMovedTo).toBeNull();
    expect(r.orderHeld).toMatch(/advance/);
    expect((await observe(number, awb)).order.status).toBe('ordered');
    // The owner's own step (strict) is refused whole, with the same words.
    await expect(
      applyTrackingEvent(t.app.db, t.config, event(awb, 'in_transit', '2026-11-21T05:00:00.000Z'), { strict: true }),
    ).rejects.toThrow(/advance/);
    expect((await observe(number, awb)).shipment.step).toBe('picked_up');
  });

  it('never moves a cancelled order', async () => {
    const { number, awb } = await shippedOrder();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    const r = await applyTrackingEvent(t.app.db, t.config, event(awb, 'delivered', '2026-11-24T09:00:00.000Z'));
    expect(r.orderHeld).toMatch(/Cancelled/);
    expect((await observe(number, awb)).order.status).toBe('cancelled');
  });

  it('applies one event once when two deliveries of it race', async () => {
    const { number, awb } = await shippedOrder();
    const e = event(awb, 'picked_up', '2026-11-20T05:00:00.000Z');
    const results = await Promise.all(Array.from({ length: 4 }, () => applyTrackingEvent(t.app.db, t.config, e)));
    expect(results.map((r) => r.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    const seen = await observe(number, awb);
    expect(seen.events).toBe(1);
    expect(seen.mails).toEqual(['shipment-picked-up']);
    expect(seen.order.status).toBe('dispatched');
  });
});
