/**
 * The cash-on-delivery business (issue 12): order numbers, the advance paid by
 * UPI, and stock counts, through the real API on SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTR_MESSAGE } from '../../common/advance.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { adminCookie, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { ADVANCE_CLOSED, MAX_REFERENCES, ORDER_CANCELLED, TOO_MANY_REFERENCES, UTR_TAKEN } from './advance.ts';
import { ORDER_NOT_FOUND } from './queries.ts';
import { notEnoughStockMessage } from './stock.ts';

const UPI = { SHOP_UPI_ID: 'timesquare@okhdfcbank', SHOP_UPI_NAME: 'Time Square & Co', SHOP_ORDER_PREFIX: 'TSW' };

let utrSeq = 0;
/** A fresh 12-digit reference per call. */
const newUtr = () =>
  `${process.pid % 1000}`.padStart(3, '4') + `${Date.now() % 1e6}${utrSeq++}`.padStart(9, '0').slice(-9);

describe.each(TEST_DIALECTS)('cash on delivery on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: UPI });
    admin = await adminCookie(t);
  });
  afterAll(async () => t.close());

  const order = (app: FastifyInstance, s: Shopper, lines: Array<{ productId: string; quantity: number }>) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: s.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines },
    });
  const sendUtr = (s: Shopper, number: string, utr: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/advance`,
      headers: { cookie: s.cookie },
      payload: { utr },
    });
  const orderRow = (number: string) =>
    t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
  const stockOf = async (id: string) =>
    (await t.app.db.selectFrom('products').select('stock_count').where('id', '=', id).executeTakeFirstOrThrow())
      .stock_count;
  const setAdminState = (number: string, state: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state },
    });

  describe('order numbers', () => {
    it('gives each order the next PREFIX-NNNNN number, shown to the shopper instead of the internal id', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await order(t.app, s, [{ productId: p.id, quantity: 1 }]);
        expect(res.statusCode).toBe(201);
        expect(res.json().order).not.toHaveProperty('id');
        numbers.push(res.json().order.number);
      }
      for (const n of numbers) expect(n).toMatch(/^TSW-\d{5,}$/);
      const digits = numbers.map((n) => Number(n.split('-')[1]));
      expect(digits[1]).toBe(digits[0]! + 1);
      expect(digits[2]).toBe(digits[0]! + 2);
      const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: s.cookie } });
      expect(mine.json().orders.map((o: { number: string }) => o.number)).toEqual([...numbers].reverse());
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${numbers[0]}`,
        headers: { cookie: s.cookie },
      });
      expect(one.json().order.number).toBe(numbers[0]);
      const internal = (await orderRow(numbers[0]!)).id;
      const byId = await t.app.inject({ method: 'GET', url: `/api/orders/${internal}`, headers: { cookie: s.cookie } });
      expect(byId.statusCode).toBe(400);
    });

    it('never gives one number twice, even to orders placed at once', async () => {
      const p = await insertProduct(t.app.db);
      const shoppers = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
      const placed = await Promise.all(shoppers.map((s) => order(t.app, s, [{ productId: p.id, quantity: 1 }])));
      const numbers = placed.map((r) => r.json().order.number as string);
      expect(new Set(numbers).size).toBe(12);
      const digits = numbers.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
      expect(digits.at(-1)! - digits[0]!).toBe(11); // consecutive: none lost, none reused
    });

    it.runIf(dialect === 'postgres' && TEST_DATABASE_URL)(
      'never gives one number twice across two app processes on one database',
      async () => {
        const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: t.database.schema, poolSize: 5 });
        const other = await buildApp({ config: t.config, database: second, logger: false });
        await other.ready();
        try {
          const p = await insertProduct(t.app.db);
          const shoppers = await Promise.all(Array.from({ length: 16 }, () => signUp(t.app)));
          const placed = await Promise.all(
            shoppers.map((s, i) => order(i % 2 ? t.app : other, s, [{ productId: p.id, quantity: 1 }])),
          );
          expect(placed.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
          const numbers = placed.map((r) => r.json().order.number as string);
          expect(new Set(numbers).size).toBe(16);
        } finally {
          await other.close();
          await second.db.destroy();
        }
      },
    );
  });

  describe('the advance', () => {
    it('offers the NPCI UPI link with the shop’s id, ₹300.00, INR and the order number, and its QR as SVG', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db, { price: 9000, discountPrice: 7000 });
      const { order: placed } = (await order(t.app, s, [{ productId: p.id, quantity: 2 }])).json();
      expect(placed.advance).toMatchObject({
        amount: 300,
        balance: 13_700,
        state: 'awaiting',
        label: 'Advance: not paid yet',
        utr: null,
      });
      const link = new URL(placed.advance.payLink);
      expect(link.protocol).toBe('upi:');
      expect(placed.advance.payLink.startsWith('upi://pay?')).toBe(true);
      expect(Object.fromEntries(link.searchParams)).toEqual({
        pa: 'timesquare@okhdfcbank',
        pn: 'Time Square & Co',
        am: '300.00',
        cu: 'INR',
        tn: placed.number,
        tr: placed.number,
      });
      expect(placed.advance.payLink).toContain('pn=Time%20Square%20%26%20Co');
      // The payee address keeps its "@" as NPCI's own samples write it (some UPI apps do not decode %40).
      expect(placed.advance.payLink.startsWith('upi://pay?pa=timesquare@okhdfcbank&pn=')).toBe(true);
      const qr = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.number}/advance-qr.svg`,
        headers: { cookie: s.cookie },
      });
      expect(qr.statusCode).toBe(200);
      expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(qr.headers['cache-control']).toBe('no-store');
      expect(qr.body).toMatch(/^<svg[^>]*viewBox/);
      const other = await signUp(t.app);
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.number}/advance-qr.svg`,
        headers: { cookie: other.cookie },
      });
      expect(stranger.statusCode).toBe(404);
    });

    it('takes a 12-digit UTR: the order reads "Advance: checking"; a malformed one changes nothing', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const { order: placed } = (await order(t.app, s, [{ productId: p.id, quantity: 1 }])).json();
      for (const bad of ['12345', '12345678901a', '1234567890123', '', 42, null]) {
        const res = await sendUtr(s, placed.number, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(UTR_MESSAGE);
      }
      expect((await orderRow(placed.number)).advance_state).toBe('awaiting');
      const utr = newUtr();
      const res = await sendUtr(s, placed.number, ` ${utr} `);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.advance).toMatchObject({ state: 'submitted', label: 'Advance: checking', utr });
      const row = await orderRow(placed.number);
      expect(row).toMatchObject({ advance_state: 'submitted', advance_utr: utr });
      const events = await t.app.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_id', '=', row.id)
        .where('kind', '=', 'advance')
        .execute();
      expect(events).toMatchObject([{ status: 'submitted', admin_id: null, note: `UTR ${utr}` }]);
    });

    it('refuses a UTR already used on another order, and one sent for someone else’s order; nothing stored', async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const first = (await order(t.app, a, [{ productId: p.id, quantity: 1 }])).json().order.number;
      const second = (await order(t.app, b, [{ productId: p.id, quantity: 1 }])).json().order.number;
      const utr = newUtr();
      expect((await sendUtr(a, first, utr)).statusCode).toBe(200);
      const reused = await sendUtr(b, second, utr);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error.message).toBe(UTR_TAKEN);
      expect(await orderRow(second)).toMatchObject({ advance_state: 'awaiting', advance_utr: null });
      const foreign = await sendUtr(b, first, newUtr());
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(ORDER_NOT_FOUND);
      expect(await orderRow(first)).toMatchObject({ advance_state: 'submitted', advance_utr: utr });
      const nobody = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${first}/advance`,
        payload: { utr: newUtr() },
      });
      expect(nobody.statusCode).toBe(401);
    });

    it('lets a shopper correct a reference a few times, mailing the owner once, then asks for WhatsApp', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const number = (await order(t.app, s, [{ productId: p.id, quantity: 1 }])).json().order.number;
      const id = (await orderRow(number)).id;
      for (let i = 0; i < MAX_REFERENCES; i++) expect((await sendUtr(s, number, newUtr())).statusCode).toBe(200);
      const last = (await orderRow(number)).advance_utr;
      const more = await sendUtr(s, number, newUtr());
      expect(more.statusCode).toBe(429);
      expect(more.json().error.message).toBe(TOO_MANY_REFERENCES);
      expect((await orderRow(number)).advance_utr).toBe(last);
      const mails = await t.app.db
        .selectFrom('outbox')
        .select('kind')
        .where('order_id', '=', id)
        .where('kind', '=', 'advance-submitted')
        .execute();
      expect(mails).toHaveLength(1);
    });

    it('refuses a UTR once the advance is received, and for a cancelled order', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db);
      const number = (await order(t.app, s, [{ productId: p.id, quantity: 1 }])).json().order.number;
      await settleAdvance(t, admin, number, 'received');
      const late = await sendUtr(s, number, newUtr());
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(ADVANCE_CLOSED);
      const cancelled = (await order(t.app, s, [{ productId: p.id, quantity: 1 }])).json().order.number;
      expect((await setAdminState(cancelled, 'cancelled')).statusCode).toBe(200);
      const res = await sendUtr(s, cancelled, newUtr());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ORDER_CANCELLED);
    });
  });

  describe('stock counts', () => {
    it('an order takes its quantities; at 0 the watch is OUT OF STOCK everywhere; a cancel puts them back', async () => {
      const s = await signUp(t.app);
      const p = await insertProduct(t.app.db, { name: 'Counted Watch' });
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${p.id}`,
        headers: { cookie: admin },
        payload: { name: 'Counted Watch', category: 'women watch', price: 5000, discountPrice: 3500, stockCount: 3 },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().product).toMatchObject({ stockCount: 3, inStock: true });
      // The shopper's catalogue is cached per catalogue version: read it once before, so a stale answer would show.
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().inStock).toBe(true);

      const placed = await order(t.app, s, [{ productId: p.id, quantity: 3 }]);
      expect(placed.statusCode).toBe(201);
      expect(await stockOf(p.id)).toBe(0);
      const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json();
      expect(shown.inStock).toBe(false);
      expect(shown).not.toHaveProperty('stockCount');
      const listed = (await t.app.inject({ method: 'GET', url: '/api/products?category=women-watch' })).json();
      expect(listed.items.find((c: { id: string }) => c.id === p.id).inStock).toBe(false);
      const more = await order(t.app, s, [{ productId: p.id, quantity: 1 }]);
      expect(more.statusCode).toBe(409);
      const addToCart = await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: s.cookie },
        payload: { productId: p.id, quantity: 1 },
      });
      expect(addToCart.statusCode).toBe(409);

      expect((await setAdminState(placed.json().order.number, 'cancelled')).statusCode).toBe(200);
      expect(await stockOf(p.id)).toBe(3);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().inStock).toBe(true);
      const adminView = await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/${p.id}`,
        headers: { cookie: admin },
      });
      expect(adminView.json().product).toMatchObject({ stockCount: 3, inStock: true });
    });

    it('asks for no more than there is, naming the watch, and changes nothing', async () => {
      const s = await signUp(t.app);
      const counted = await insertProduct(t.app.db, { name: 'Two Left Watch' });
      const free = await insertProduct(t.app.db);
      await t.app.db.updateTable('products').set({ stock_count: 2 }).where('id', '=', counted.id).execute();
      const res = await order(t.app, s, [
        { productId: free.id, quantity: 1 },
        { productId: counted.id, quantity: 3 },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(notEnoughStockMessage('Two Left Watch', 2));
      expect(await stockOf(counted.id)).toBe(2);
      expect(await stockOf(free.id)).toBeNull();
    });

    it('two shoppers racing for the last watch: exactly one order, the other told which watch sold out', async () => {
      const p = await insertProduct(t.app.db, { name: 'Last One Watch' });
      await t.app.db.updateTable('products').set({ stock_count: 1 }).where('id', '=', p.id).execute();
      const shoppers = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
      const results = await Promise.all(shoppers.map((s) => order(t.app, s, [{ productId: p.id, quantity: 1 }])));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().error.message).toBe(notEnoughStockMessage('Last One Watch', 0));
      }
      expect(await stockOf(p.id)).toBe(0);
      const lines = await t.app.db
        .selectFrom('order_lines')
        .select('order_id')
        .where('product_id', '=', p.id)
        .execute();
      expect(lines).toHaveLength(1);
    });

    it('refuses a negative or fractional stock count with a clear message', async () => {
      const p = await insertProduct(t.app.db);
      for (const [stockCount, message] of [
        [-1, 'The stock count cannot be negative'],
        [1.5, 'The stock count must be a whole number'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/products/${p.id}`,
          headers: { cookie: admin },
          payload: { name: 'X', category: 'women watch', stockCount },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect(await stockOf(p.id)).toBeNull();
    });
  });
});

describe('without a UPI id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives no UPI link (the page offers WhatsApp) and no QR', async () => {
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: s.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: p.id, quantity: 1 }] },
    });
    const { number, advance } = res.json().order;
    expect(advance.payLink).toBeNull();
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${number}/advance-qr.svg`,
      headers: { cookie: s.cookie },
    });
    expect(qr.statusCode).toBe(404);
  });

  it('tells the owner what needs them: references to check, orders to pack, low stock, mail not sent', async () => {
    const admin = await adminCookie(t);
    const s = await signUp(t.app);
    const p = await insertProduct(t.app.db, { name: 'Nearly Gone Watch' });
    await t.app.db.updateTable('products').set({ stock_count: 4 }).where('id', '=', p.id).execute();
    const place = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: s.cookie },
          payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: p.id, quantity: 1 }] },
        })
      ).json().order.number as string;
    const statsNow = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } })).json().attention;
    const unsentBefore = (await statsNow()).unsentCount as number;
    const toCheck = await place();
    const toPack = await place();
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${toCheck}/advance`,
      headers: { cookie: s.cookie },
      payload: { utr: newUtr() },
    });
    await settleAdvance(t, admin, toPack, 'received');
    const attention = await statsNow();
    expect(attention).toMatchObject({
      advancesToCheck: 1,
      ordersToPack: 1,
      lowStock: [{ id: p.id, name: 'Nearly Gone Watch', stockCount: 2 }],
      mailConfigured: false,
    });
    // Without SMTP_URL every message waits: two new orders, one reference, one finding (the shopper has an email).
    expect(attention.unsentCount - unsentBefore).toBe(4);
    expect(attention.unsentMessages[0].subject).toContain(toPack);
    expect(attention.unsentMessages.map((m: { subject: string }) => m.subject).join('\n')).toContain(
      `New order ${toCheck}`,
    );
  });
});
