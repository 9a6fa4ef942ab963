import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../leads/csv.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { adminCookie, createProduct, placeOrder, shopper } from './test-helpers.ts';

describe.each(TEST_DIALECTS)('admin orders on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  let productId: string;
  let orderId: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t, 'ravi');
    buyer = await shopper(t);
    productId = await createProduct(t, admin, { name: 'Cartier Tank, "Must"', brand: 'Cartier' });
    orderId = await placeOrder(t, buyer.cookie, productId, 3);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const setState = (id: string, state: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${id}/state`,
      headers: { cookie: admin },
      payload: { state },
    });

  it('lists orders with user, quantity, product, id, time and state (Pending until an admin sets one)', async () => {
    const res = await get('/api/admin/orders');
    expect(res.statusCode).toBe(200);
    const order = res.json().items.find((o: { id: string }) => o.id === orderId);
    expect(order).toMatchObject({
      userName: 'Asha Shopper',
      userPhone: buyer.phone,
      quantity: 3,
      status: 'ordered',
      setByAdmin: false,
      lines: [{ productId, productName: 'Cartier Tank, "Must"', quantity: 3 }],
    });
    expect(order.createdAt).toEqual(expect.any(String));
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: buyer.cookie } });
    expect(mine.json().orders[0].statusLabel).toBe('Pending');
  });

  it('searches by order id or phone number and filters by state', async () => {
    expect((await get(`/api/admin/orders?q=${orderId}`)).json().items).toHaveLength(1);
    expect((await get(`/api/admin/orders?q=${orderId.slice(0, 12)}`)).json().items).toHaveLength(1);
    expect((await get(`/api/admin/orders?q=${buyer.phone}`)).json().items).toHaveLength(1);
    expect((await get('/api/admin/orders?q=0000000000')).json().items).toHaveLength(0);
    expect((await get('/api/admin/orders?status=delivered')).json().total).toBe(0);
    const bad = await get('/api/admin/orders?q=%25');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Search by an order id or a phone number (letters and digits only)');
    expect((await get('/api/admin/orders?status=lost')).statusCode).toBe(400);
  });

  it('sets any state in any order, records each change with time and admin, and the shopper sees it at once', async () => {
    for (const state of ['dispatched', 'packed', 'delivered']) {
      const res = await setState(orderId, state);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.status).toBe(state);
    }
    const { order } = (await get(`/api/admin/orders/${orderId}`)).json();
    expect(order.setByAdmin).toBe(true);
    expect(
      order.history
        .filter((h: { admin: string | null }) => h.admin === 'ravi')
        .map((h: { status: string }) => h.status),
    ).toEqual(['dispatched', 'packed', 'delivered']);
    const events = await t.app.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('admin_id', 'is not', null)
      .execute();
    expect(events).toHaveLength(3);
    const open = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: buyer.cookie } });
    expect(open.json().orders.map((o: { id: string }) => o.id)).not.toContain(orderId);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/orders?view=delivered',
      headers: { cookie: buyer.cookie },
    });
    expect(history.json().orders[0]).toMatchObject({ id: orderId, statusLabel: 'Delivered' });
    expect((await get('/api/admin/orders?status=delivered')).json().total).toBe(1);
  });

  it('can cancel: the shopper reads Cancelled', async () => {
    const second = await placeOrder(t, buyer.cookie, productId, 1);
    expect((await setState(second, 'cancelled')).statusCode).toBe(200);
    const open = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: buyer.cookie } });
    expect(open.json().orders.find((o: { id: string }) => o.id === second).statusLabel).toBe('Cancelled');
  });

  it('refuses an unknown state or order with a clear message', async () => {
    const bad = await setState(orderId, 'lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose ordered, packed, dispatched, delivered or cancelled');
    const missing = await setState('nope', 'packed');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This order does not exist');
  });

  it('exports orders as CSV, one row per line, with quoting', async () => {
    const res = await get('/api/admin/orders/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(res.body).map((r) => r.fields);
    expect(records[0]?.[0]).toBe('order id');
    const row = records.find((r) => r[0] === orderId);
    expect(row).toEqual(expect.arrayContaining(['delivered', buyer.phone, 'Cartier Tank, "Must"', '3']));
  });
});
