import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/schemas/account.ts';
import { newId, nowIso } from '../db/ids.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { CART_EMPTY, DUPLICATE_LINE, unavailableMessage } from './place-order.ts';
import { ORDER_NOT_FOUND } from './queries.ts';

const DAY = 86_400_000;

describe.each(TEST_DIALECTS)('orders on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const add = (s: Shopper, productId: string, quantity = 1) =>
    call('POST', '/api/cart/items', s.cookie, { productId, quantity });
  const place = (s: Shopper, extra: object = {}) =>
    call('POST', '/api/orders', s.cookie, { address: ADDRESS, idempotencyKey: randomUUID(), ...extra });
  const orderIdOf = async (number: string) =>
    (await t.app.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const orderCount = async (userId: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('places the cart as an order: prices from the database, cart emptied, Pending, delivery in 3 to 9 days', async () => {
    const s = await signUp(t.app);
    const a = await insertProduct(t.app.db, { price: 5000, discountPrice: 3500 });
    const b = await insertProduct(t.app.db, { price: 2000, discountPrice: 1500 });
    await add(s, a.id, 2);
    await add(s, b.id, 1);
    const res = await place(s);
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({ address: ADDRESS, status: 'ordered', statusLabel: 'Pending' });
    expect(order.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect(order.totals).toEqual({ totalMrp: 12000, subtotal: 12000, discount: 3500, total: 8500 });
    const created = Date.parse(order.createdAt);
    expect(Date.parse(order.delivery.from) - created).toBe(3 * DAY);
    expect(Date.parse(order.delivery.to) - created).toBe(9 * DAY);
    expect((await call('GET', '/api/cart', s.cookie)).json().lines).toEqual([]);
    const row = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: s.id, user_phone: s.number, total: 8500 });
    const events = await t.app.db.selectFrom('order_events').selectAll().where('order_id', '=', row.id).execute();
    expect(events).toMatchObject([{ status: 'ordered', admin_id: null }]);
  });

  it('ignores prices sent by the browser (a tampered price changes nothing)', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db, { price: 9000, discountPrice: 7000 });
    const res = await place(s, {
      lines: [{ productId: p.id, quantity: 1, price: 1, discountPrice: 1, discount_price: 1 }],
      total: 1,
      totals: { total: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.lines[0]).toMatchObject({ price: 9000, discountPrice: 7000 });
    expect(res.json().order.totals.total).toBe(7000);
    const line = await t.app.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', await orderIdOf(res.json().order.number))
      .executeTakeFirstOrThrow();
    expect(Number(line.discount_price)).toBe(7000);
  });

  it('keeps a price snapshot: later product edits do not rewrite the order', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db, { name: 'Snapshot Watch', price: 3000, discountPrice: 2500 });
    const { order } = (await place(s, { lines: [{ productId: p.id, quantity: 1 }] })).json();
    await t.app.db
      .updateTable('products')
      .set({ name: 'New Name', discount_price: 100 })
      .where('id', '=', p.id)
      .execute();
    const again = (await call('GET', `/api/orders/${order.number}`, s.cookie)).json().order;
    expect(again.lines[0]).toMatchObject({ name: 'Snapshot Watch', discountPrice: 2500 });
  });

  it('refuses out-of-stock and deleted watches with a clear message and changes nothing', async () => {
    const s = await signUp(t.app);
    const ok = await insertProduct(t.app.db);
    const out = await insertProduct(t.app.db, { name: 'Sold Out Watch' });
    await add(s, ok.id);
    await add(s, out.id);
    await t.app.db.updateTable('products').set({ in_stock: 0 }).where('id', '=', out.id).execute();
    const res = await place(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(unavailableMessage('Sold Out Watch'));
    expect(await orderCount(s.id)).toBe(0);
    expect((await call('GET', '/api/cart', s.cookie)).json().lines).toHaveLength(2);

    const gone = await insertProduct(t.app.db, { name: 'Deleted Watch', deleted: true });
    const deleted = await place(s, { lines: [{ productId: gone.id, quantity: 1 }] });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(unavailableMessage('Deleted Watch'));
    expect((await place(s, { lines: [{ productId: 'no-such-watch', quantity: 1 }] })).statusCode).toBe(409);
    expect(await orderCount(s.id)).toBe(0);
  });

  it('refuses an empty cart, repeated lines, a bad quantity or a short address', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const empty = await place(s);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(CART_EMPTY);
    const twice = await place(s, {
      lines: [
        { productId: p.id, quantity: 1 },
        { productId: p.id, quantity: 2 },
      ],
    });
    expect(twice.json().error.message).toBe(DUPLICATE_LINE);
    expect((await place(s, { lines: [{ productId: p.id, quantity: 11 }] })).statusCode).toBe(400);
    expect((await place(s, { address: 'short', lines: [{ productId: p.id, quantity: 1 }] })).json().error.message).toBe(
      MESSAGES.address,
    );
  });

  it('creates one order for a repeated idempotency key, even when both arrive at once', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    await add(s, p.id, 2);
    const idempotencyKey = randomUUID();
    const first = await place(s, { idempotencyKey });
    const second = await place(s, { idempotencyKey });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.number).toBe(first.json().order.number);
    expect(await orderCount(s.id)).toBe(1);

    await add(s, p.id, 1);
    const key = randomUUID();
    const both = await Promise.all([place(s, { idempotencyKey: key }), place(s, { idempotencyKey: key })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().order.number).toBe(both[1]!.json().order.number);
    expect(await orderCount(s.id)).toBe(2);
  });

  it('answers a new order as reading it back does (the answer is made from the rows written)', async () => {
    const s = await signUp(t.app);
    const a = await insertProduct(t.app.db, { price: 5000, discountPrice: 3500 });
    const b = await insertProduct(t.app.db, { price: 2000, discountPrice: 1500 });
    // Added b first: the answer keeps the cart's order of lines, as the stored lines have it.
    await add(s, b.id, 1);
    await add(s, a.id, 2);
    const res = await place(s);
    expect(res.statusCode).toBe(201);
    const read = await call('GET', `/api/orders/${res.json().order.number}`, s.cookie);
    expect(res.json().order).toEqual(read.json().order);
    expect(res.json().order.lines.map((l: { productId: string }) => l.productId)).toEqual([b.id, a.id]);
    expect(res.json().order.number).toMatch(new RegExp(`^${t.app.config.orderPrefix}-\\d{5,}$`));
  });

  it.runIf(dialect === 'postgres')(
    'numbers orders from the sequence in the insert, never cut past five digits',
    async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const prefix = t.app.config.orderPrefix;
      const current = await sql<{ v: string }>`select last_value as v from order_number_seq`.execute(t.app.db);
      // Past every number the other tests here took, and just under six digits.
      if (Number(current.rows[0]?.v) < 99_998) await sql`select setval('order_number_seq', 99998)`.execute(t.app.db);
      const numbers: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await place(s, { lines: [{ productId: p.id, quantity: 1 }] });
        expect(res.statusCode).toBe(201);
        numbers.push(res.json().order.number);
      }
      expect(numbers).toEqual([`${prefix}-99999`, `${prefix}-100000`]);
    },
  );

  it('lists open orders for Your Orders and delivered ones for History, newest first', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await place(s, { lines: [{ productId: p.id, quantity: 1 }] })).json().order.number);
    }
    // Spread the dates so "newest first" is unambiguous; the second one was delivered.
    for (const [i, id] of ids.entries()) {
      await t.app.db
        .updateTable('orders')
        .set({ created_at: nowIso(Date.now() - (3 - i) * DAY) })
        .where('number', '=', id)
        .execute();
    }
    await t.app.db.updateTable('orders').set({ status: 'delivered' }).where('number', '=', ids[1]!).execute();
    const open = (await call('GET', '/api/orders', s.cookie)).json().orders.map((o: { number: string }) => o.number);
    expect(open).toEqual([ids[2], ids[0]]);
    const delivered = (await call('GET', '/api/orders?view=delivered', s.cookie)).json().orders;
    expect(delivered.map((o: { number: string }) => o.number)).toEqual([ids[1]]);
    const all = (await call('GET', '/api/orders?view=all', s.cookie))
      .json()
      .orders.map((o: { number: string }) => o.number);
    expect(all).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('shows the state an admin set instead of Pending', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const { order } = (await place(s, { lines: [{ productId: p.id, quantity: 1 }] })).json();
    const adminId = newId();
    await t.app.db
      .insertInto('admins')
      .values({
        id: adminId,
        username: `admin-${adminId}`,
        password_hash: 'x',
        created_at: nowIso(),
        last_login_at: null,
      })
      .execute();
    await t.app.db
      .insertInto('order_events')
      .values({
        id: newId(),
        order_id: await orderIdOf(order.number),
        status: 'ordered',
        admin_id: adminId,
        created_at: nowIso(),
      })
      .execute();
    expect((await call('GET', `/api/orders/${order.number}`, s.cookie)).json().order.statusLabel).toBe('Ordered');
    await t.app.db.updateTable('orders').set({ status: 'packed' }).where('number', '=', order.number).execute();
    expect((await call('GET', '/api/orders', s.cookie)).json().orders[0].statusLabel).toBe('Packed');
  });

  it('shows an order only to its owner (404 for another shopper, 401 for nobody)', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const { order } = (await place(owner, { lines: [{ productId: p.id, quantity: 1 }] })).json();
    const res = await call('GET', `/api/orders/${order.number}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(ORDER_NOT_FOUND);
    expect((await call('GET', '/api/orders', other.cookie)).json().orders).toEqual([]);
    expect((await call('GET', `/api/orders/${order.number}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders')).statusCode).toBe(401);
    const anon = await call('POST', '/api/orders', undefined, {
      address: ADDRESS,
      idempotencyKey: randomUUID(),
      lines: [{ productId: p.id, quantity: 1 }],
    });
    expect(anon.statusCode).toBe(401);
    // A user id in the body is ignored: the order belongs to the session's shopper.
    const own = await place(other, { userId: owner.id, lines: [{ productId: p.id, quantity: 1 }] });
    const row = await t.app.db
      .selectFrom('orders')
      .select('user_id')
      .where('number', '=', own.json().order.number)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(other.id);
  });
});
