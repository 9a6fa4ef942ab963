/**
 * Returns to origin through the real API on SQLite and PostgreSQL (docs/product.md#returns-to-origin):
 * the parcel comes back (the manual courier's step, or a courier's RTO delivered event), the owner's
 * "Received back and checked" ends the order as Returned, puts the stock back once (a double click and
 * racing requests included), issues one credit note from the series, and the shopper sees it; the
 * shopper's later orders show the owner how many earlier ones came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '../../common/india-time.ts';
import { adminCookie, placeOrder, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { applyTrackingEvent, receivedBackMessage } from './apply-event.ts';
import { notBackMessage, RECEIVED_BACK_NOTE } from './returns.ts';

const ENV = { SHOP_GSTIN: '27AAPFU0939F1ZV', SHOP_ORDER_PREFIX: 'TSW' };
const STOCK = 5;

describe.each(TEST_DIALECTS)('returns to origin on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: ENV });
    admin = await adminCookie(t);
    shopper = await signUp(t.app, { email: 'rto@example.in' });
  });
  afterAll(async () => t.close());

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const receivedBack = (number: string) => inject(admin, 'POST', `/api/admin/orders/${number}/shipment/received-back`);
  const setStep = (number: string, step: string) =>
    inject(admin, 'POST', `/api/admin/orders/${number}/shipment/step`, { step });

  /** A dispatched order of 2 counted watches (5 in stock), with the manual courier's AWB. */
  async function dispatched(who: Shopper = shopper) {
    const product = await insertProduct(t.app.db);
    await t.app.db.updateTable('products').set({ stock_count: STOCK }).where('id', '=', product.id).execute();
    const number = await placeOrder(t, who.cookie, product.id, 2);
    await settleAdvance(t, admin, number, 'received');
    const awb = `RTO${number.replace(/\D/g, '')}${Math.floor(Math.random() * 1e6)}`;
    expect(
      (await inject(admin, 'PUT', `/api/admin/orders/${number}/shipment`, { courierName: 'Delhivery', awb }))
        .statusCode,
    ).toBe(200);
    expect((await setStep(number, 'picked_up')).statusCode).toBe(200);
    return { number, productId: product.id, awb };
  }

  async function observe(number: string, productId: string) {
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'status', 'invoice_number'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const stock = await t.app.db
      .selectFrom('products')
      .select('stock_count')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const notes = await t.app.db
      .selectFrom('credit_notes')
      .select(['number', 'reason'])
      .where('order_id', '=', order.id)
      .execute();
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('kind')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'returned')
      .execute();
    const events = await t.app.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', order.id)
      .where('status', '=', 'returned')
      .execute();
    return {
      status: order.status,
      invoice: order.invoice_number,
      stock: Number(stock.stock_count),
      notes,
      mails: mails.length,
      events,
    };
  }

  it('refuses while the parcel is not back, and changes nothing', async () => {
    const { number, productId } = await dispatched();
    const before = await observe(number, productId);
    const res = await receivedBack(number);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(notBackMessage(number));
    expect(await observe(number, productId)).toEqual(before);
    // Setting the step on the way back is not enough either.
    expect((await setStep(number, 'rto_initiated')).statusCode).toBe(200);
    expect((await receivedBack(number)).statusCode).toBe(409);
    // The shopper's badge says the parcel is coming back, not "Dispatched" (issue 34 item 14).
    const owner = (await inject(admin, 'GET', `/api/admin/orders/${number}`)).json().order;
    const tracked = await t.app.inject({ method: 'GET', url: `/api/track?order=${number}&phone=${owner.userPhone}` });
    expect(tracked.json().statusLabel).toBe('Returning to the shop');
    expect(owner.status).toBe('dispatched');
    expect((await observe(number, productId)).stock).toBe(STOCK - 2);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await receivedBack('TSW-99999')).statusCode).toBe(404);
  });

  it('returns the stock once for racing clicks, ends the order Returned with one credit note', async () => {
    const { number, productId } = await dispatched();
    expect((await setStep(number, 'rto_delivered')).statusCode).toBe(200);
    const before = await observe(number, productId);
    expect(before).toMatchObject({ status: 'dispatched', stock: STOCK - 2, notes: [] });
    expect(before.invoice).not.toBeNull();

    // A double click and a third request, all at once: one return.
    const answers = await Promise.all([receivedBack(number), receivedBack(number), receivedBack(number)]);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json().order).toMatchObject({ number, status: 'returned' });
    }
    const after = await observe(number, productId);
    expect(after.status).toBe('returned');
    expect(after.stock).toBe(STOCK);
    expect(after.notes).toHaveLength(1);
    expect(after.notes[0]!.reason).toBe('returned');
    expect(after.notes[0]!.number).toMatch(/^TSWCN\/\d{4}\/\d{5}$/);
    expect(after.mails).toBe(1);
    expect(after.events).toEqual([{ note: RECEIVED_BACK_NOTE }]);
    expect(answers[0]!.json().order.creditNoteNumber).toBe(after.notes[0]!.number);

    // Later, once more: still nothing changes.
    expect((await receivedBack(number)).statusCode).toBe(200);
    expect(await observe(number, productId)).toEqual(after);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select('received_back_at')
      .where(
        'order_id',
        '=',
        (await t.app.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id,
      )
      .executeTakeFirstOrThrow();
    expect(shipment.received_back_at).not.toBeNull();

    // The shopper reads it under History as Returned, with the invoice and its credit note.
    const history = (await inject(shopper.cookie, 'GET', '/api/orders?view=delivered')).json().orders as Array<
      Record<string, unknown>
    >;
    const mine = history.find((o) => o.number === number);
    expect(mine).toMatchObject({
      statusLabel: 'Returned',
      invoiceNumber: before.invoice,
      creditNoteNumber: after.notes[0]!.number,
    });
    expect((await inject(shopper.cookie, 'GET', `/api/orders/${number}/credit-note.pdf`)).statusCode).toBe(200);
    // Final: the owner cannot send it out again under its credited invoice.
    const again = await inject(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'dispatched' });
    expect(again.statusCode).toBe(409);
    expect((await observe(number, productId)).stock).toBe(STOCK);
  });

  it("takes a courier's RTO delivered event, and numbers credit notes in one series with cancellations", async () => {
    const first = await dispatched();
    const second = await dispatched();
    // A courier's scan (Shiprocket's webhook or the poll come through here) brings the parcel back.
    const result = await applyTrackingEvent(t.app.db, t.config, {
      awb: first.awb,
      statusId: '10',
      statusText: 'RTO Delivered',
      step: 'rto_delivered',
      at: new Date().toISOString(),
      location: 'Pune',
      reason: null,
      attempt: null,
      expectedBy: null,
    });
    expect(result).toMatchObject({ outcome: 'applied', step: 'rto_delivered', orderMovedTo: null });
    const cancelled = await inject(admin, 'PATCH', `/api/admin/orders/${second.number}/state`, { state: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect((await receivedBack(first.number)).statusCode).toBe(200);
    const a = await observe(second.number, second.productId);
    const b = await observe(first.number, first.productId);
    expect(a.notes[0]!.reason).toBe('cancelled');
    expect(b.notes[0]!.reason).toBe('returned');
    const serial = (n: string) => Number(n.split('/').at(-1));
    expect(serial(b.notes[0]!.number)).toBe(serial(a.notes[0]!.number) + 1);
  });

  it('a late courier scan after "Received back and checked" never moves the parcel (issue 34)', async () => {
    const { number, awb } = await dispatched();
    expect((await setStep(number, 'rto_delivered')).statusCode).toBe(200);
    expect((await receivedBack(number)).statusCode).toBe(200);
    const today = indiaDay(new Date());
    const glance = async () =>
      (await inject(admin, 'GET', `/api/admin/books/money?from=${today}&to=${today}`)).json() as {
        returns: { count: number };
      };
    const tracked = async () =>
      (await inject(shopper.cookie, 'GET', '/api/orders?view=delivered'))
        .json()
        .orders.find((o: { number: string }) => o.number === number);
    const before = { glance: await glance(), tracked: await tracked() };
    expect(before.glance.returns.count).toBeGreaterThan(0);
    expect(before.tracked.statusLabel).toBe('Returned');
    // A stale feed reports the parcel delivered a day later.
    const late = await applyTrackingEvent(t.app.db, t.config, {
      awb,
      statusId: '7',
      statusText: 'Delivered',
      step: 'delivered',
      at: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Pune',
      reason: null,
      attempt: null,
      expectedBy: null,
    });
    expect(late).toMatchObject({ outcome: 'history', step: 'rto_delivered', orderMovedTo: null });
    expect({ glance: await glance(), tracked: await tracked() }).toEqual(before);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select('step')
      .where('awb', '=', awb)
      .executeTakeFirstOrThrow();
    expect(shipment.step).toBe('rto_delivered');
    // The owner's own step on a manual courier is refused with the reason.
    const owner = await setStep(number, 'delivered');
    expect(owner.statusCode).toBe(409);
    expect(owner.json().error.message).toBe(receivedBackMessage);
  });

  it("shows the owner a shopper's earlier returned orders, by account and by phone", async () => {
    const buyer = await signUp(t.app, { email: 'twice@example.in' });
    const earlier = await dispatched(buyer);
    const notYet = await placeOrder(t, buyer.cookie, earlier.productId);
    const adminOrder = async (number: string) =>
      (await inject(admin, 'GET', `/api/admin/orders/${number}`)).json().order as { earlierReturns: number };
    expect((await adminOrder(notYet)).earlierReturns).toBe(0);
    await setStep(earlier.number, 'rto_delivered');
    expect((await receivedBack(earlier.number)).statusCode).toBe(200);

    const later = await placeOrder(t, buyer.cookie, earlier.productId);
    expect((await adminOrder(later)).earlierReturns).toBe(1);
    // Placed before the return's order: not "earlier"; the returned order itself counts none before it.
    expect((await adminOrder(earlier.number)).earlierReturns).toBe(0);

    // A second return, then a second account with the same phone: both count.
    const another = await dispatched(buyer);
    await setStep(another.number, 'rto_delivered');
    expect((await receivedBack(another.number)).statusCode).toBe(200);
    // Another account (the shopper signed up again) ordering with the same phone.
    const other = await signUp(t.app, { email: 'other@example.in' });
    const latest = await placeOrder(t, other.cookie, earlier.productId);
    expect((await adminOrder(latest)).earlierReturns).toBe(0);
    await t.app.db.updateTable('orders').set({ user_phone: buyer.number }).where('number', '=', latest).execute();
    expect((await adminOrder(latest)).earlierReturns).toBe(2);
    // The list shows it too, found by phone.
    const page = (await inject(admin, 'GET', `/api/admin/orders?q=${buyer.number}`)).json();
    const row = (page.items as Array<{ number: string; earlierReturns: number }>).find((o) => o.number === latest);
    expect(row?.earlierReturns).toBe(2);
  });
});
