/**
 * The order state table (common/orders.ts) against the real store: every move from every state to
 * every state, through the owner's API, on SQLite and PostgreSQL. For each pair the table alone
 * predicts whether the move is refused, where the counted stock ends, whether the order has its
 * invoice, which mail the shopper gets, whether the order is under History, and whether it has a
 * label; the store must do exactly that. A new state is a new row here without a new test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveRefusal, ORDER_STATES, type OrderState, stateRule } from '../../common/orders.ts';
import { adminCookie, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { gateMessage } from './transition.ts';

const STOCK = 5;
const QUANTITY = 2;

describe.each(TEST_DIALECTS)('the order state table on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
    shopper = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const setState = (number: string, state: string) =>
    inject(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state });

  /** A fresh order of 2 of a counted watch (5 in stock), its advance as asked. */
  async function freshOrder(advance: 'received' | 'awaiting') {
    const product = await insertProduct(t.app.db);
    await t.app.db.updateTable('products').set({ stock_count: STOCK }).where('id', '=', product.id).execute();
    const res = await inject(shopper.cookie, 'POST', '/api/orders', {
      address: ADDRESS,
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: QUANTITY }],
    });
    expect(res.statusCode).toBe(201);
    const number: string = res.json().order.number;
    if (advance === 'received') await settleAdvance(t, admin, number, 'received');
    return { number, productId: product.id };
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
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const history = (await inject(shopper.cookie, 'GET', '/api/orders?view=delivered')).json().orders as Array<{
      number: string;
    }>;
    const creditNote = await t.app.db
      .selectFrom('credit_notes')
      .select('reason')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const label = await inject(admin, 'GET', `/api/admin/orders/${number}/label.pdf`);
    const invoice = await inject(shopper.cookie, 'GET', `/api/orders/${number}/invoice.pdf`);
    return {
      status: order.status,
      stock: Number(stock.stock_count),
      invoiced: order.invoice_number !== null,
      mails: mails.map((m) => m.kind),
      inHistory: history.some((o) => o.number === number),
      label: label.statusCode === 200,
      shopperInvoice: invoice.statusCode === 200,
      creditNote: creditNote?.reason ?? null,
    };
  }

  const pairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

  it.each(pairs)('moves %s to %s as the table says', async (from: OrderState, to: OrderState) => {
    const { number, productId } = await freshOrder('received');
    // A state an order cannot enter from ordered (returned) is reached the way a parcel is: dispatched first.
    if (from !== 'ordered' && moveRefusal('ordered', from))
      expect((await setState(number, 'dispatched')).statusCode).toBe(200);
    if (from !== 'ordered') expect((await setState(number, from)).statusCode).toBe(200);
    const before = await observe(number, productId);
    const res = await setState(number, to);
    const after = await observe(number, productId);

    const refusal = moveRefusal(from, to);
    if (refusal) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(refusal);
      expect(after).toEqual(before);
      return;
    }
    expect(res.statusCode).toBe(200);
    const rule = stateRule(to);
    expect(after.status).toBe(to);
    expect(after.stock).toBe(rule.live ? STOCK - QUANTITY : STOCK);
    // The invoice is given when the parcel leaves, and never taken back.
    expect(after.invoiced).toBe(stateRule(from).parcelLeft || rule.parcelLeft);
    // The shopper reads it once the parcel left, and keeps it beside the credit note of a cancelled invoiced order.
    expect(after.shopperInvoice).toBe(rule.parcelLeft || (after.invoiced && !rule.live));
    const newMails = after.mails.slice(before.mails.length);
    const stateMails = from !== to && rule.mail ? [rule.mail] : [];
    // Reaching delivered also asks for a review, once per order (reviews/requests.ts, docs/product.md#reviews).
    const asked = from !== to && to === 'delivered' ? ['review-request'] : [];
    expect([...newMails].sort()).toEqual([...stateMails, ...asked].sort());
    expect(after.inHistory).toBe(rule.history);
    expect(after.label).toBe(rule.live);
    // An invoiced order leaving a live state for one that credits it gets its credit note, for the table's reason.
    const credited = stateRule(from).live && rule.creditNote !== null && after.invoiced;
    expect(after.creditNote).toBe(credited ? rule.creditNote : before.creditNote);
  });

  it.each(ORDER_STATES)('holds the packing gate for %s while the advance is awaited', async (to: OrderState) => {
    // A shopper of their own: one may hold only 3 unpaid orders (unpaid.ts).
    shopper = await signUp(t.app);
    const { number, productId } = await freshOrder('awaiting');
    const before = await observe(number, productId);
    const res = await setState(number, to);
    const refusal = moveRefusal('ordered', to);
    if (refusal) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(refusal);
    } else if (stateRule(to).needsAdvance) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(gateMessage(number, to, 300));
      expect(await observe(number, productId)).toEqual(before);
    } else {
      expect(res.statusCode).toBe(200);
    }
  });
});
