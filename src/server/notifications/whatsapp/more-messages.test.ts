/**
 * The WhatsApp messages beyond the order's own (docs/whatsapp.md#what-goes-when), through the real
 * app on SQLite and PostgreSQL against the fake Graph API: the shipment's steps (the mail held
 * behind each), the reminder before an unpaid order expires, and the owner's messages to
 * OWNER_WHATSAPP (new order, advance to check, failed delivery, complaint), hostile text included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_STEP_RULES } from '../../../common/shipments.ts';
import { isPlain } from '../../../common/text.ts';
import type { WhatsAppOutboxRow } from '../../db/tables.ts';
import { remindUnpaidOrders } from '../../orders/unpaid.ts';
import { applyTrackingEvent } from '../../shipping/apply-event.ts';
import type { ShipmentStep, TrackingEvent } from '../../shipping/courier.ts';
import { saveManualShipment } from '../../shipping/shipments.ts';
import { adminCookie, placeOrder, settleAdvance } from '../../test-support/admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../test-support/fake-whatsapp.ts';
import { until } from '../../test-support/mail-app.ts';
import { insertProduct, type Shopper, signUp, testPhone } from '../../test-support/shoppers.ts';
import { connectWebhook, provenShopper } from '../../test-support/whatsapp-proof.ts';

const OWNER_PHONE = '919812300000';
const HOUR = 3_600_000;
const TYPED = `Ravi\nKumar\r\n  SYSTEM: ignore the order and refund\n\n\n${'x'.repeat(300)}`;
const HOSTILE = `Ravi\nKumar\r\n\tSYSTEM: ignore the order\u202E and refund\u0007 ${'x'.repeat(300)}`;

describe.each(TEST_DIALECTS)('more WhatsApp messages on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let admin: string;
  let awbSeq = 0;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await createTestApp({ dialect, env: { ...fake.env, OWNER_WHATSAPP: OWNER_PHONE, UNPAID_ORDER_HOURS: '48' } });
    admin = await adminCookie(t);
    connectWebhook(t.app, fake);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const messagesOf = (orderId: string): Promise<WhatsAppOutboxRow[]> =>
    t.app.db
      .selectFrom('whatsapp_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const mailsOf = (orderId: string, kind: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['kind', 'held_for'])
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .execute();
  const orderId = async (number: string) =>
    (await t.app.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const sentTo = (phone: string, template: string) =>
    until(async () => fake.sent.find((m) => m.to === phone && m.template === template), `${template} to ${phone}`);

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

  async function shippedOrder(shopper: Shopper) {
    const product = await insertProduct(t.app.db);
    const number = await placeOrder(t, shopper.cookie, product.id);
    await settleAdvance(t, admin, number, 'received');
    awbSeq += 1;
    const awb = `WA${dialect}${Date.now()}${awbSeq}`.slice(0, 40);
    await saveManualShipment(t.app.db, number, { courierName: 'Delhivery', awb });
    return { number, awb, id: await orderId(number) };
  }

  it('each shipment step goes by WhatsApp to a shopper who agreed, in their language, the mail held behind it', async () => {
    const shopper = await provenShopper(t.app, fake, { whatsappUpdates: true });
    await t.app.db.updateTable('users').set({ language: 'hi' }).where('id', '=', shopper.id).execute();
    const { awb, id, number } = await shippedOrder(shopper);
    const apply = (step: ShipmentStep, at: string) => applyTrackingEvent(t.app.db, t.config, event(awb, step, at));
    await apply('picked_up', '2026-11-20T05:00:00.000Z');
    await apply('out_for_delivery', '2026-11-23T03:00:00.000Z');
    await apply('delivered', '2026-11-23T09:00:00.000Z');
    // A repeated scan sends nothing more.
    await apply('delivered', '2026-11-23T09:00:00.000Z');
    t.app.mail.nudge();

    // The review request that reaching delivered also queues is reviews/'s own (tested there).
    const steps = (await messagesOf(id)).filter(
      (m) => m.to_phone === `+91${shopper.number}` && m.kind !== 'order-placed' && m.kind !== 'review-request',
    );
    expect(steps.map((m) => [m.kind, m.template, m.language])).toEqual([
      ['dispatched', 'order_shipped', 'hi'],
      ['out-for-delivery', 'out_for_delivery', 'hi'],
      ['delivered', 'order_delivered', 'hi'],
    ]);
    for (const [kind, message] of [
      ['shipment-picked-up', steps[0]],
      ['shipment-out-for-delivery', steps[1]],
      ['shipment-delivered', steps[2]],
    ] as const) {
      expect(await mailsOf(id, kind)).toEqual([{ kind, held_for: message?.id }]);
    }
    const shipped = await sentTo(`91${shopper.number}`, 'order_shipped');
    expect(shipped.language).toBe('hi');
    expect(shipped.body[1]).toBe(number);
    // The courier's own tracking page for the AWB.
    expect(shipped.body[2]).toContain(awb);
    await sentTo(`91${shopper.number}`, 'order_delivered');
  });

  it('a shopper who did not agree gets the steps by mail alone; a failed delivery reaches the owner', async () => {
    const shopper = await signUp(t.app, { name: 'Ravi Kumar' });
    const { awb, id, number } = await shippedOrder(shopper);
    await applyTrackingEvent(t.app.db, t.config, event(awb, 'picked_up', '2026-11-20T05:00:00.000Z'));
    await applyTrackingEvent(t.app.db, t.config, event(awb, 'out_for_delivery', '2026-11-23T03:00:00.000Z'));
    await applyTrackingEvent(
      t.app.db,
      t.config,
      event(awb, 'undelivered', '2026-11-23T12:00:00.000Z', { reason: HOSTILE, attempt: 1 }),
    );
    t.app.mail.nudge();
    expect(await mailsOf(id, 'shipment-picked-up')).toEqual([{ kind: 'shipment-picked-up', held_for: null }]);
    const rows = await messagesOf(id);
    expect(rows.filter((r) => r.to_phone !== `+${OWNER_PHONE}`)).toEqual([]);
    expect(rows.filter((r) => r.kind === 'owner-delivery-failed')).toHaveLength(1);
    const owner = await until(
      async () => fake.sent.find((m) => m.template === 'owner_delivery_failed' && m.body[0] === number),
      'the owner told of the failed delivery',
    );
    expect(owner.to).toBe(OWNER_PHONE);
    expect(owner.language).toBe('en');
    expect(owner.body.slice(0, 2)).toEqual([number, 'Ravi Kumar']);
    // The courier's words reach the owner's phone as one plain, short line.
    expect(isPlain(owner.body[3] ?? '', 'line')).toBe(true);
    expect(owner.body[3]?.length).toBeLessThanOrEqual(200);
  });

  it('a new order and an advance to check go to the owner too, beside the owner’s mails', async () => {
    const shopper = await signUp(t.app);
    const product = await insertProduct(t.app.db);
    const number = await placeOrder(t, shopper.cookie, product.id);
    const id = await orderId(number);
    const created = await until(
      async () => fake.sent.find((m) => m.template === 'owner_new_order' && m.body[0] === number),
      'the new order',
    );
    expect(created.to).toBe(OWNER_PHONE);
    expect(created.body).toEqual([
      number,
      'Asha Rao',
      shopper.number,
      '₹3,500',
      '₹300',
      'http://localhost:3000/dashboard/orders',
    ]);
    expect(await mailsOf(id, 'new-order')).toEqual([{ kind: 'new-order', held_for: null }]);
    const utr = `${Date.now()}`.slice(-12).padStart(12, '5');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/advance`,
      headers: { cookie: shopper.cookie },
      payload: { utr },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const submitted = await until(
      async () => fake.sent.find((m) => m.template === 'owner_advance_submitted' && m.body[0] === number),
      'the advance to check',
    );
    expect(submitted.body.slice(1, 4)).toEqual(['Asha Rao', utr, '₹300']);
  });

  it('a complaint reaches the owner with its text as one plain line, however it was typed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      remoteAddress: '10.9.8.7',
      // The form refuses control characters (400); line breaks, look-alike orders and length it takes.
      payload: { name: 'Meera Iyer', phone: testPhone(), orderNumber: '', message: TYPED },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = res.json();
    const message = await until(
      async () => fake.sent.find((m) => m.template === 'owner_complaint' && m.body[0] === ticket),
      'the complaint',
    );
    expect(message.to).toBe(OWNER_PHONE);
    expect(message.body[1]).toBe('Meera Iyer');
    expect(message.body[3]).toMatch(/ IST$/);
    expect(message.body[4]).toMatch(/^Ravi Kumar SYSTEM: ignore the order/);
    expect(isPlain(message.body[4] ?? '', 'line')).toBe(true);
    expect(message.body[4]).not.toMatch(/ {5,}/);
    expect(message.body[4]?.length).toBeLessThanOrEqual(200);
  });

  it('the reminder before an unpaid order expires goes by WhatsApp once, with the mail held behind it', async () => {
    const shopper = await provenShopper(t.app, fake, { whatsappUpdates: true });
    const product = await insertProduct(t.app.db);
    const number = await placeOrder(t, shopper.cookie, product.id);
    const id = await orderId(number);
    const later = Date.now() + 40 * HOUR;
    expect(await remindUnpaidOrders(t.app.db, t.config, later)).toContain(number);
    expect(await remindUnpaidOrders(t.app.db, t.config, later)).not.toContain(number);
    t.app.mail.nudge();
    const reminder = await sentTo(`91${shopper.number}`, 'unpaid_reminder');
    expect(reminder.body.slice(0, 3)).toEqual(['Asha', number, '₹300']);
    expect(reminder.body[3]).toMatch(/ IST$/);
    const rows = (await messagesOf(id)).filter((m) => m.kind === 'unpaid-reminder');
    expect(rows).toHaveLength(1);
    expect(await mailsOf(id, 'unpaid-reminder')).toEqual([{ kind: 'unpaid-reminder', held_for: rows[0]?.id }]);
  });

  it('the dashboard lists the messages that failed, newest first, with the recipient and the reason', async () => {
    const first = await provenShopper(t.app, fake, { whatsappUpdates: true });
    const second = await provenShopper(t.app, fake, { whatsappUpdates: true });
    const product = await insertProduct(t.app.db);
    // Meta does not know the template (132001): refused for good.
    fake.templates.delete('order_placed');
    try {
      for (const shopper of [first, second]) {
        const id = await orderId(await placeOrder(t, shopper.cookie, product.id));
        await until(
          async () => (await messagesOf(id)).find((m) => m.kind === 'order-placed' && m.failed_at),
          'the refusal',
        );
      }
    } finally {
      fake.templates.set('order_placed', new Set(['en', 'hi']));
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const { failedWhatsApp, failedWhatsAppCount } = res.json().attention;
    expect(failedWhatsAppCount).toBeGreaterThanOrEqual(2);
    expect(failedWhatsApp.slice(0, 2)).toEqual([
      {
        to: `+91${second.number}`,
        kind: 'order-placed',
        failedAt: expect.any(String),
        reason: expect.stringContaining('132001'),
      },
      {
        to: `+91${first.number}`,
        kind: 'order-placed',
        failedAt: expect.any(String),
        reason: expect.stringContaining('132001'),
      },
    ]);
  });
});

describe('without OWNER_WHATSAPP', () => {
  it('the owner gets mail alone', async () => {
    const fake = await startFakeWhatsApp();
    const t = await createTestApp({ env: fake.env });
    try {
      const shopper = await signUp(t.app);
      const product = await insertProduct(t.app.db);
      await placeOrder(t, shopper.cookie, product.id);
      const rows = await t.app.db.selectFrom('whatsapp_outbox').select('kind').execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
