import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUANTITY_MESSAGE, UNKNOWN_PRODUCT } from '../../common/schemas/cart.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, PASSWORD, signUp, signupBody } from '../test-support/shoppers.ts';
import { NOT_IN_CART, OUT_OF_STOCK } from './queries.ts';

describe.each(TEST_DIALECTS)('cart on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const add = (cookie: string, productId: string, quantity?: number) =>
    call('POST', '/api/cart/items', cookie, quantity === undefined ? { productId } : { productId, quantity });
  const cart = async (cookie: string) => (await call('GET', '/api/cart', cookie)).json();

  it('adds a watch, raises the quantity when added again, never past 10', async () => {
    const { cookie } = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    expect((await add(cookie, p.id)).json().lines[0]).toMatchObject({ productId: p.id, quantity: 1, available: true });
    expect((await add(cookie, p.id, 4)).json().lines[0].quantity).toBe(5);
    const capped = (await add(cookie, p.id, 9)).json();
    expect(capped.lines[0].quantity).toBe(10);
    expect(capped.added).toBe(5);
    // Already at the cap: nothing added, and the answer says so (the product page shows CART_LINE_FULL).
    const full = (await add(cookie, p.id)).json();
    expect(full.lines).toHaveLength(1);
    expect(full.added).toBe(0);
    expect((await cart(cookie)).lines[0].quantity).toBe(10);
  });

  it('keeps quantities between 1 and 10 with a clear message', async () => {
    const { cookie } = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    await add(cookie, p.id);
    for (const quantity of [0, 11, 2.5]) {
      const res = await call('PUT', `/api/cart/items/${p.id}`, cookie, { quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(QUANTITY_MESSAGE);
      expect((await add(cookie, p.id, quantity)).json().error.message).toBe(QUANTITY_MESSAGE);
    }
    expect((await call('PUT', `/api/cart/items/${p.id}`, cookie, { quantity: 7 })).json().lines[0].quantity).toBe(7);
  });

  it('lists current names and prices with the totals of docs/product.md#limits-and-constants', async () => {
    const { cookie } = await signUp(t.app);
    const a = await insertProduct(t.app.db, { price: 5000, discountPrice: 3500 });
    const b = await insertProduct(t.app.db, { price: 2000, discountPrice: 1500 });
    await add(cookie, a.id, 2);
    await add(cookie, b.id, 1);
    await t.app.db
      .updateTable('products')
      .set({ discount_price: 3000, name: 'Renamed Watch' })
      .where('id', '=', a.id)
      .execute();
    const body = await cart(cookie);
    expect(body.lines.map((l: { name: string }) => l.name)).toEqual(['Renamed Watch', b.name]);
    expect(body.totals).toEqual({ totalMrp: 12000, subtotal: 12000, discount: 4500, total: 7500 });
  });

  it('removes a line', async () => {
    const { cookie } = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    await add(cookie, p.id);
    expect((await call('DELETE', `/api/cart/items/${p.id}`, cookie)).json().lines).toEqual([]);
    const again = await call('DELETE', `/api/cart/items/${p.id}`, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(NOT_IN_CART);
  });

  it('refuses out-of-stock and deleted watches, and marks lines that became unavailable', async () => {
    const { cookie } = await signUp(t.app);
    const out = await insertProduct(t.app.db, { inStock: false });
    const gone = await insertProduct(t.app.db, { deleted: true });
    const res = await add(cookie, out.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(OUT_OF_STOCK);
    const missing = await add(cookie, gone.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(UNKNOWN_PRODUCT);

    const later = await insertProduct(t.app.db, { price: 1000, discountPrice: 800 });
    const kept = await insertProduct(t.app.db, { price: 2000, discountPrice: 1000 });
    await add(cookie, later.id);
    await add(cookie, kept.id);
    await t.app.db.updateTable('products').set({ in_stock: 0 }).where('id', '=', later.id).execute();
    const body = await cart(cookie);
    expect(body.lines.map((l: { available: boolean }) => l.available)).toEqual([false, true]);
    expect(body.totals.total).toBe(1000);
  });

  it('prices a visitor’s local cart without a session, dropping unknown watches', async () => {
    const p = await insertProduct(t.app.db, { price: 4000, discountPrice: 3000 });
    const res = await call('POST', '/api/cart/quote', undefined, {
      lines: [
        { id: p.id, proname: 'whatever the browser says', quantity: 2 },
        { id: 'no-such-watch', quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toHaveLength(1);
    expect(res.json().lines[0]).toMatchObject({ name: p.name, quantity: 2 });
    expect(res.json().totals.total).toBe(6000);
  });

  it('offers a line no more than the counted stock and the limit of 10 (issue 34 item 15)', async () => {
    const { cookie } = await signUp(t.app);
    const [few, many, uncounted] = [
      await insertProduct(t.app.db),
      await insertProduct(t.app.db),
      await insertProduct(t.app.db),
    ];
    await t.app.db.updateTable('products').set({ stock_count: 2 }).where('id', '=', few.id).execute();
    await t.app.db.updateTable('products').set({ stock_count: 40 }).where('id', '=', many.id).execute();
    for (const p of [few, many, uncounted]) await add(cookie, p.id);
    const most = (lines: Array<{ productId: string; maxQuantity: number }>) =>
      Object.fromEntries(lines.map((l) => [l.productId, l.maxQuantity]));
    expect(most((await cart(cookie)).lines)).toEqual({ [few.id]: 2, [many.id]: 10, [uncounted.id]: 10 });
    // A visitor's cart is priced by the same lines.
    const quote = await call('POST', '/api/cart/quote', undefined, { lines: [{ id: few.id, quantity: 1 }] });
    expect(most(quote.json().lines)).toEqual({ [few.id]: 2 });
  });

  it('merges the visitor cart on log-in: quantities add up, capped at 10', async () => {
    const shopper = await signUp(t.app);
    const a = await insertProduct(t.app.db);
    const b = await insertProduct(t.app.db);
    const gone = await insertProduct(t.app.db, { deleted: true });
    await add(shopper.cookie, a.id, 7);
    const res = await call('POST', '/api/login', undefined, {
      number: shopper.number,
      password: PASSWORD,
      cart: [
        { id: a.id, proname: 'A', quantity: 6 },
        { id: b.id, proname: 'B', quantity: 2 },
        { id: gone.id, proname: 'Gone', quantity: 1 },
        { id: 'unknown-product', quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const lines = (await cart(cookiesFrom(res))).lines;
    expect(lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [a.id, 10],
      [b.id, 2],
    ]);
  });

  it('merges the visitor cart on sign-up and through the merge endpoint', async () => {
    const a = await insertProduct(t.app.db);
    const res = await call('POST', '/api/signup', undefined, signupBody({ cart: [{ id: a.id, quantity: 3 }] }));
    const cookie = cookiesFrom(res);
    expect((await cart(cookie)).lines[0]).toMatchObject({ productId: a.id, quantity: 3 });
    const merged = await call('POST', '/api/cart/merge', cookie, { lines: [{ id: a.id, quantity: 9 }] });
    expect(merged.json().lines[0].quantity).toBe(10);
  });

  it('answers nobody with 401 and never touches another shopper’s cart', async () => {
    const p = await insertProduct(t.app.db);
    expect((await call('GET', '/api/cart')).statusCode).toBe(401);
    expect((await call('POST', '/api/cart/items', undefined, { productId: p.id })).statusCode).toBe(401);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await add(a.cookie, p.id, 2);
    expect((await call('PUT', `/api/cart/items/${p.id}`, b.cookie, { quantity: 9 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cart/items/${p.id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/cart/items', b.cookie, { productId: p.id, userId: a.id })).statusCode).toBe(200);
    expect((await cart(a.cookie)).lines[0].quantity).toBe(2);
    expect((await cart(b.cookie)).lines[0].quantity).toBe(1);
  });
});
