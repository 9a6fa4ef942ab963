import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCE_NOTE_MESSAGES } from '../../common/schemas/admin-orders.ts';
import { parseCsv } from '../leads/csv.ts';
import { adminCookie, createProduct, placeOrder, settleAdvance, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ALREADY_RECEIVED, NOTHING_TO_REFUSE } from './order-changes.ts';
import { gateMessage } from './transition.ts';

describe.each(TEST_DIALECTS)('admin orders on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  let productId: string;
  let orderNumber: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t, 'ravi');
    buyer = await shopper(t);
    productId = await createProduct(t, admin, { name: 'Cartier Tank, "Must"', brand: 'Cartier' });
    orderNumber = await placeOrder(t, buyer.cookie, productId, 3);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const setState = (number: string, state: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state },
    });
  const advance = (number: string, action: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/advance`,
      headers: { cookie: admin },
      payload: { action, note },
    });
  const mine = async (view = 'open') =>
    (await t.app.inject({ method: 'GET', url: `/api/orders?view=${view}`, headers: { cookie: buyer.cookie } })).json()
      .orders as Array<{ number: string; statusLabel: string; advance: { state: string; note: string | null } }>;

  it('lists orders with number, user, quantity, product, time, state and advance; the shopper reads Pending', async () => {
    const res = await get('/api/admin/orders');
    expect(res.statusCode).toBe(200);
    const order = res.json().items.find((o: { number: string }) => o.number === orderNumber);
    expect(order).toMatchObject({
      number: orderNumber,
      userName: 'Asha Shopper',
      userPhone: buyer.phone,
      quantity: 3,
      status: 'ordered',
      advance: { state: 'awaiting', utr: null, amount: 300 },
      lines: [{ productId, productName: 'Cartier Tank, "Must"', quantity: 3 }],
    });
    expect(order.advance.balance).toBe(order.total - 300);
    expect(order).not.toHaveProperty('id');
    expect(order.createdAt).toEqual(expect.any(String));
    expect((await mine())[0]!.statusLabel).toBe('Pending');
  });

  it('searches by order number (whole, its start or its digits) or phone, and filters by state and advance', async () => {
    const digits = orderNumber.split('-')[1]!;
    expect((await get(`/api/admin/orders?q=${orderNumber}`)).json().items).toHaveLength(1);
    expect((await get(`/api/admin/orders?q=${orderNumber.toLowerCase()}`)).json().items).toHaveLength(1);
    expect((await get(`/api/admin/orders?q=${digits}`)).json().items).toHaveLength(1);
    expect((await get(`/api/admin/orders?q=${buyer.phone}`)).json().items).toHaveLength(1);
    expect((await get('/api/admin/orders?q=0000000000')).json().items).toHaveLength(0);
    expect((await get('/api/admin/orders?status=delivered')).json().total).toBe(0);
    expect((await get('/api/admin/orders?advance=awaiting')).json().total).toBe(1);
    expect((await get('/api/admin/orders?advance=received')).json().total).toBe(0);
    const bad = await get('/api/admin/orders?q=%25');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Search by an order number, a phone number or a UPI reference');
    expect((await get('/api/admin/orders?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/orders?advance=maybe')).statusCode).toBe(400);
  });

  it('refuses packing, dispatch and delivery before the advance is received, with a clear message; nothing changes', async () => {
    for (const state of ['packed', 'dispatched', 'delivered'] as const) {
      const res = await setState(orderNumber, state);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(gateMessage(orderNumber, state, 300));
    }
    const { order } = (await get(`/api/admin/orders/${orderNumber}`)).json();
    expect(order.status).toBe('ordered');
    expect(order.history.filter((h: { admin: string | null }) => h.admin !== null)).toEqual([]);
  });

  it('sets any state once the advance is received, records each change with time and admin, the shopper sees it', async () => {
    const received = await settleAdvance(t, admin, orderNumber, 'received');
    expect(received.json().order.advance.state).toBe('received');
    expect((await advance(orderNumber, 'received')).json().error.message).toBe(ALREADY_RECEIVED);
    for (const state of ['dispatched', 'packed', 'delivered']) {
      const res = await setState(orderNumber, state);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.status).toBe(state);
    }
    const { order } = (await get(`/api/admin/orders/${orderNumber}`)).json();
    const byRavi = order.history.filter((h: { admin: string | null }) => h.admin === 'ravi');
    expect(byRavi.map((h: { kind: string; status: string }) => `${h.kind}:${h.status}`)).toEqual([
      'advance:received',
      'state:dispatched',
      'state:packed',
      'state:delivered',
    ]);
    expect((await mine()).map((o) => o.number)).not.toContain(orderNumber);
    expect((await mine('delivered'))[0]).toMatchObject({ number: orderNumber, statusLabel: 'Delivered' });
    expect((await get('/api/admin/orders?status=delivered')).json().total).toBe(1);
  });

  it('waives an advance only with a note, kept in the history; then the order may be packed', async () => {
    const second = await placeOrder(t, buyer.cookie, productId, 1);
    const noNote = await advance(second, 'waived');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe(ADVANCE_NOTE_MESSAGES.waived);
    const waived = await advance(second, 'waived', 'Regular customer, paid in the shop');
    expect(waived.statusCode).toBe(200);
    expect(waived.json().order.advance).toMatchObject({ state: 'waived', note: 'Regular customer, paid in the shop' });
    expect((await setState(second, 'packed')).statusCode).toBe(200);
    const { order } = (await get(`/api/admin/orders/${second}`)).json();
    expect(order.history.find((h: { kind: string }) => h.kind === 'advance')).toMatchObject({
      status: 'waived',
      note: 'Regular customer, paid in the shop',
      admin: 'ravi',
    });
  });

  it('refuses an advance only when a reference was sent; the shopper reads the reason and may send another', async () => {
    const third = await placeOrder(t, buyer.cookie, productId, 1);
    expect((await advance(third, 'refused', 'No such payment')).json().error.message).toBe(NOTHING_TO_REFUSE);
    const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${third}/advance`,
      headers: { cookie: buyer.cookie },
      payload: { utr },
    });
    expect(sent.statusCode).toBe(200);
    const listed = (await get(`/api/admin/orders?q=${utr}`)).json().items;
    expect(listed.map((o: { number: string }) => o.number)).toEqual([third]);
    expect(listed[0].advance).toMatchObject({ state: 'submitted', utr });
    const refused = await advance(third, 'refused', 'No payment with this reference reached the shop');
    expect(refused.json().order.advance).toMatchObject({ state: 'refused', utr: null });
    const seen = (await mine()).find((o) => o.number === third)!;
    expect(seen.advance).toMatchObject({ state: 'refused', note: 'No payment with this reference reached the shop' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${third}/advance`,
      headers: { cookie: buyer.cookie },
      payload: { utr: '111122223333' },
    });
    expect(again.json().order.advance.state).toBe('submitted');
  });

  it('can cancel: the shopper reads Cancelled, and the advance can no longer change', async () => {
    const fourth = await placeOrder(t, buyer.cookie, productId, 1);
    expect((await setState(fourth, 'cancelled')).statusCode).toBe(200);
    expect((await mine()).find((o) => o.number === fourth)!.statusLabel).toBe('Cancelled');
    expect((await advance(fourth, 'received')).statusCode).toBe(409);
  });

  it('refuses an unknown state or order with a clear message', async () => {
    const bad = await setState(orderNumber, 'lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Please choose ordered, packed, dispatched, delivered, cancelled or returned',
    );
    const missing = await setState('TSW-99999', 'packed');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This order does not exist');
    expect((await setState('nope', 'packed')).statusCode).toBe(400);
  });

  it('exports orders as CSV, one row per line, with quoting', async () => {
    const res = await get('/api/admin/orders/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(res.body).map((r) => r.fields);
    expect(records[0]?.slice(0, 5)).toEqual(['order number', 'date (IST)', 'state', 'advance', 'UTR']);
    const row = records.find((r) => r[0] === orderNumber);
    expect(row).toEqual(
      expect.arrayContaining(['delivered', 'Advance received', buyer.phone, 'Cartier Tank, "Must"', '3']),
    );
    expect(records[0]?.slice(-2)).toEqual(['advance amount', 'to pay on delivery']);
    const total = Number(row?.at(-3));
    expect(row?.slice(-2)).toEqual([String(Math.min(300, total)), String(Math.max(0, total - 300))]);
  });
});
