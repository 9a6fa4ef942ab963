/**
 * Issue 15's probe, the shop's own limits: the 50-line cart cap holds on every
 * path into a cart and an order, a visitor's WhatsApp clicks on one watch make
 * one lead on every app instance, and answers with personal data are never
 * stored by a browser or proxy.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_FULL } from '../../src/common/cart-rules.ts';
import { MAX_CART_LINES } from '../../src/common/constants.ts';
import { nowIso } from '../../src/server/db/ids.ts';
import { CLICKS_PER_MINUTE, TOO_MANY_CLICKS } from '../../src/server/leads/whatsapp-clicks.ts';
import { TOO_MANY_LINES } from '../../src/server/orders/place-order.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { ADDRESS, insertProduct, PASSWORD, type Shopper, signUp } from '../../src/server/test-support/shoppers.ts';
import { secondInstance } from './support/second-instance.ts';

describe.each(TEST_DIALECTS)('the shop’s limits on %s', (dialect) => {
  let t: TestApp;
  /** More products than a cart may hold. */
  let products: string[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    products = [];
    for (let i = 0; i < MAX_CART_LINES + 5; i++) products.push((await insertProduct(t.app.db)).id);
  });
  afterAll(() => t.close());

  const add = (s: Shopper, productId: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: s.cookie },
      payload: { productId, quantity },
    });
  const cartLines = async (s: Shopper) =>
    (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: s.cookie } })).json().lines as Array<{
      productId: string;
      quantity: number;
    }>;
  /** Fills the cart straight in the database: `n` lines, as a cart made before the cap could be. */
  const fillCart = async (s: Shopper, ids: string[]) => {
    const at = nowIso();
    await t.app.db
      .insertInto('cart_items')
      .values(ids.map((id) => ({ user_id: s.id, product_id: id, quantity: 1, added_at: at })))
      .execute();
  };

  describe('at most 50 different watches in a cart', () => {
    it('the 51st watch gets 409 with a clear message; more of a watch already there still fits', async () => {
      const s = await signUp(t.app);
      for (const id of products.slice(0, MAX_CART_LINES)) expect((await add(s, id)).statusCode).toBe(200);
      const refused = await add(s, products[MAX_CART_LINES] as string);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'cart_full', message: CART_FULL });
      expect(await cartLines(s)).toHaveLength(MAX_CART_LINES);
      expect((await add(s, products[0] as string, 3)).statusCode).toBe(200);
      expect((await cartLines(s)).find((l) => l.productId === products[0])?.quantity).toBe(4);
    });

    it('15 watches added at once to a cart of 40: 10 fit, 5 are refused', async () => {
      const s = await signUp(t.app);
      await fillCart(s, products.slice(0, MAX_CART_LINES - 10));
      const answers = await Promise.all(products.slice(MAX_CART_LINES - 10).map((id) => add(s, id)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
      expect(await cartLines(s)).toHaveLength(MAX_CART_LINES);
    });

    it('merging a visitor cart (at sign-up, log-in or /cart/merge) fills up to 50 and never fails the log-in', async () => {
      const visitor = products.slice(MAX_CART_LINES - 2).map((id) => ({ id, quantity: 2 }));
      const s = await signUp(t.app);
      await fillCart(s, products.slice(0, MAX_CART_LINES - 2));
      const merged = await t.app.inject({
        method: 'POST',
        url: '/api/cart/merge',
        headers: { cookie: s.cookie },
        payload: { lines: [{ id: products[0], quantity: 2 }, ...visitor] },
      });
      expect(merged.statusCode).toBe(200);
      const lines = merged.json().lines as Array<{ productId: string; quantity: number }>;
      expect(lines).toHaveLength(MAX_CART_LINES);
      // A line already there adds up; of the new ones, the first that fit.
      expect(lines.find((l) => l.productId === products[0])?.quantity).toBe(3);
      expect(lines.map((l) => l.productId)).toEqual(expect.arrayContaining(visitor.slice(0, 2).map((v) => v.id)));

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { number: s.number, password: PASSWORD, cart: visitor.slice(2) },
      });
      expect(login.statusCode).toBe(200);
      expect(await cartLines(s)).toHaveLength(MAX_CART_LINES);
    });

    it('an order from a cart over 50 lines (kept from before the cap) is refused with a clear message', async () => {
      const s = await signUp(t.app);
      await fillCart(s, products.slice(0, MAX_CART_LINES + 1));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: s.cookie },
        payload: { address: ADDRESS, idempotencyKey: randomUUID() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TOO_MANY_LINES);
      expect(await t.app.db.selectFrom('orders').select('id').where('user_id', '=', s.id).execute()).toEqual([]);
    });
  });

  describe('WhatsApp clicks', () => {
    const click = (productId: string, ip: string, cookie?: string, app = t.app) =>
      app.inject({
        method: 'POST',
        url: '/api/leads/whatsapp-click',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
        payload: { productId },
      });
    const leadsFor = async (productId: string) =>
      t.app.db
        .selectFrom('leads')
        .select(['customer', 'phone'])
        .where('platform', '=', 'whatsapp')
        .where('product_id', '=', productId)
        .execute();

    it('one visitor clicking one watch again and again, on two app instances at once, makes one lead', async () => {
      const other = await secondInstance(t);
      try {
        const watch = products[0] as string;
        const visitor = await Promise.all(
          Array.from({ length: 10 }, (_, i) => click(watch, '10.88.0.1', undefined, i % 2 ? other.app : t.app)),
        );
        expect(visitor.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
        expect(await leadsFor(watch)).toEqual([{ customer: 'Website visitor', phone: '' }]);

        // A shopper is one visitor wherever they click from.
        const s = await signUp(t.app, { name: 'Ravi Click' });
        await Promise.all(
          ['10.88.0.2', '10.88.0.3', '10.88.0.2', '10.88.0.3'].map((ip, i) =>
            click(watch, ip, s.cookie, i % 2 ? other.app : t.app),
          ),
        );
        expect(await leadsFor(watch)).toHaveLength(2);
        expect(await leadsFor(watch)).toContainEqual({ customer: 'Ravi Click', phone: s.number });

        // Another watch, or another visitor, is another lead.
        await click(products[1] as string, '10.88.0.1');
        await click(watch, '10.88.0.4');
        expect(await leadsFor(products[1] as string)).toHaveLength(1);
        expect(await leadsFor(watch)).toHaveLength(3);
      } finally {
        await other.close();
      }
    });

    it(`an address gets ${CLICKS_PER_MINUTE} clicks a minute, counted on every instance`, async () => {
      const other = await secondInstance(t);
      try {
        const answers = await Promise.all(
          Array.from({ length: CLICKS_PER_MINUTE + 5 }, (_, i) =>
            click(products[i % products.length] as string, '10.88.1.1', undefined, i % 2 ? other.app : t.app),
          ),
        );
        const refused = answers.filter((a) => a.statusCode === 429);
        expect(refused).toHaveLength(5);
        expect(refused[0]?.json().error.message).toBe(TOO_MANY_CLICKS);
      } finally {
        await other.close();
      }
    });
  });

  it('answers with personal data say no-store: profile, cart, orders, session, log-in', async () => {
    const s = await signUp(t.app);
    for (const url of ['/api/profile', '/api/cart', '/api/orders', '/api/session']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { number: s.number, password: PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
