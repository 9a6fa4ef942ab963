import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createProduct, placeOrder, shopper } from '../test-support/admin.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ordersPerDay } from './stats-queries.ts';

describe.each(TEST_DIALECTS)('stats and admins on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t, 'meera', 'meera-password-1');
  });
  afterAll(() => t.close());

  it('counts products per category, orders per state and per day, and the most viewed products', async () => {
    const a = await createProduct(t, admin);
    const b = await createProduct(t, admin, { category: 'women watch', brand: '' });
    const gone = await createProduct(t, admin, { category: 'women watch', brand: '' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${gone}`, headers: { cookie: admin } });
    const buyer = await shopper(t);
    await placeOrder(t, buyer.cookie, a);
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('product_views')
      .values([
        { product_id: b, user_id: 'u1', created_at: now },
        { product_id: b, user_id: 'u2', created_at: now },
        { product_id: a, user_id: 'u1', created_at: now },
        { product_id: gone, user_id: 'u1', created_at: now },
      ])
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.totalProducts).toBe(2);
    expect(stats.byCategory).toEqual({
      'men watch': 1,
      'women watch': 1,
      'original watch': 0,
      'celebrity watch': 0,
      'swizz eta watch': 0,
    });
    expect(stats.ordersByState).toMatchObject({ ordered: 1, delivered: 0, cancelled: 0 });
    expect(stats.ordersPerDay).toHaveLength(30);
    expect(stats.ordersPerDay.at(-1).orders).toBe(1);
    expect(stats.topViewed.map((p: { id: string; views: number }) => [p.id, p.views])).toEqual([
      [b, 2],
      [a, 1],
    ]);
  });

  it('buckets orders per day in India time', async () => {
    // 20:00 UTC on 1 March is 01:30 on 2 March in India.
    const now = Date.parse('2025-03-02T12:00:00Z');
    const db = t.app.db;
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('orders')
      .values({
        id: 'ist-test-order-00001',
        number: 'IST-00001',
        advance_amount: 300,
        user_id: user.id,
        user_phone: '9000000000',
        address: 'x',
        status: 'ordered',
        total_mrp: 1,
        total: 1,
        idempotency_key: null,
        created_at: '2025-03-01T20:00:00.000Z',
        updated_at: '2025-03-01T20:00:00.000Z',
      })
      .execute();
    const days = await ordersPerDay(db, now);
    expect(days.at(-1)).toEqual({ day: '2025-03-02', orders: 1 });
    expect(days.at(-2)).toEqual({ day: '2025-03-01', orders: 0 });
  });

  it('lists admins with their times and never a password', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/admins', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().admins[0]).toEqual({
      id: expect.any(String),
      username: 'meera',
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('adds an admin who can then log in; refuses a taken name and a short password', async () => {
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/admins', headers: { cookie: admin }, payload });
    const created = await add({ username: 'kiran', password: 'kiran-password-1' });
    expect(created.statusCode).toBe(201);
    expect(created.json().admin).toMatchObject({ username: 'kiran', lastLoginAt: null });
    const taken = await add({ username: 'KIRAN', password: 'another-password-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('That username is already taken');
    const short = await add({ username: 'asha', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('The password should contain at least 12 characters');
    const odd = await add({ username: 'a b', password: 'long-enough-pass' });
    expect(odd.json().error.message).toBe('The username may use letters, digits, dots, hyphens and underscores only');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'kiran', password: 'kiran-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes one’s own password only with the current one, and ends the other sessions', async () => {
    const other = cookiesFrom(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'meera', password: 'meera-password-1' },
      }),
    );
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/password', headers: { cookie: admin }, payload });
    const wrong = await change({ currentPassword: 'not-it', newPassword: 'meera-new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is wrong');
    const same = await change({ currentPassword: 'meera-password-1', newPassword: 'meera-password-1' });
    expect(same.json().error.message).toBe('The new password must differ from the current one');
    expect((await change({ currentPassword: 'meera-password-1', newPassword: 'meera-new-password' })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: other } })).statusCode).toBe(
      401,
    );
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'meera', password: 'meera-password-1' },
    });
    expect(oldLogin.statusCode).toBe(401);
  });
});
