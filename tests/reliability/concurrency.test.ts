/**
 * Concurrency (issue 6, item 8), over real HTTP against a real server:
 * two shoppers ordering the same watch at once are treated alike (our watches
 * have an in-stock flag, not a count: both succeed, or both are refused when it
 * is out of stock); a double-clicked PLACE ORDER (one idempotency key) makes
 * exactly one order; two tabs ordering one cart order it once; two admins
 * changing one order leave one final state, two history rows, and a history
 * whose last row is that state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, type Reader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import {
  ADDRESS,
  adminLogin,
  newKey,
  orderableProductIds,
  type Session,
  type Shopper,
  signUp,
} from './support/http.ts';
import { RELIABILITY_ADMIN, type StoreProcess, startStore } from './support/server.ts';

const ROUNDS = 12;

describe.each<Dialect>(['sqlite', 'postgres'])('concurrency on %s', (dialect) => {
  const skip = dialect === 'postgres' && !postgresConfigured();
  let fresh: Fresh | undefined;
  let store: StoreProcess | undefined;
  let reader: Reader | undefined;
  let products: string[] = [];
  let admin: Session;
  const figures: Record<string, string | number> = {};

  beforeAll(async () => {
    if (skip) return;
    fresh = await freshData(dialect);
    store = await startStore({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
    products = await orderableProductIds(store.url);
    admin = await adminLogin(store.url, RELIABILITY_ADMIN);
    reader = await openReader(fresh);
  });
  afterAll(async () => {
    if (Object.keys(figures).length) recordFigures(`concurrency (${dialect})`, figures);
    await reader?.close();
    await store?.stop();
    await fresh?.cleanup();
  });

  const addToCart = async (s: Shopper, productId: string) => {
    const answer = await s.call('POST', '/api/cart/items', { productId, quantity: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const order = (s: Shopper, idempotencyKey = newKey()) =>
    s.call('POST', '/api/orders', { address: ADDRESS, idempotencyKey });
  const setStock = async (productId: string, inStock: boolean) => {
    const answer = await admin.call('PATCH', `/api/admin/products/${productId}/stock`, { inStock });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it.skipIf(skip)('two shoppers ordering the same watch at once both succeed, or both are refused', async () => {
    const [x, y] = [await signUp(store!.url), await signUp(store!.url)] as [Shopper, Shopper];
    let bothOrdered = 0;
    let bothRefused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const productId = products[round % products.length] as string;
      await addToCart(x, productId);
      await addToCart(y, productId);
      const outOfStock = round % 2 === 1;
      if (outOfStock) await setStock(productId, false);
      const answers = await Promise.all([order(x), order(y)]);
      const statuses = answers.map((a) => a.status);
      if (outOfStock) {
        expect(statuses).toEqual([409, 409]);
        bothRefused++;
        await setStock(productId, true);
        for (const s of [x, y]) await s.call('DELETE', `/api/cart/items/${productId}`);
      } else {
        expect(statuses).toEqual([201, 201]);
        bothOrdered++;
      }
    }
    const rows = await reader!.all<{ n: number }>('select count(*) as n from orders where user_id in (?, ?)', [
      x.userId,
      y.userId,
    ]);
    expect(Number(rows[0]?.n)).toBe(bothOrdered * 2);
    figures['same watch at once: both ordered / both refused'] = `${bothOrdered} / ${bothRefused} rounds`;
  });

  it.skipIf(skip)('a double-clicked PLACE ORDER makes exactly one order', async () => {
    const shopper = await signUp(store!.url);
    let created = 0;
    let replayed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await addToCart(shopper, products[round % products.length] as string);
      await addToCart(shopper, products[(round + 7) % products.length] as string);
      const key = newKey();
      const answers = await Promise.all([order(shopper, key), order(shopper, key), order(shopper, key)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      const ids = new Set(answers.map((a) => a.body.order.id));
      expect(ids.size).toBe(1);
      created++;
      replayed += 2;
      const rows = await reader!.all('select id from orders where user_id = ? and idempotency_key = ?', [
        shopper.userId,
        key,
      ]);
      expect(rows.length).toBe(1);
    }
    const all = await reader!.all<{ n: number }>('select count(*) as n from orders where user_id = ?', [
      shopper.userId,
    ]);
    expect(Number(all[0]?.n)).toBe(ROUNDS);
    figures['double-click (3 submits, one key)'] =
      `${created} orders, ${replayed} replays answered with the same order`;
  });

  it.skipIf(skip)('two tabs placing one cart at once order it once', async () => {
    const shopper = await signUp(store!.url);
    let ordersMade = 0;
    let linesOrdered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const productId = products[round % products.length] as string;
      await addToCart(shopper, productId);
      const answers = await Promise.all([order(shopper), order(shopper)]);
      const statuses = answers.map((a) => a.status).sort();
      ordersMade += statuses.filter((s) => s === 201).length;
      const rows = await reader!.all<{ n: number }>(
        'select count(*) as n from order_lines l join orders o on o.id = l.order_id where o.user_id = ? and l.product_id = ?',
        [shopper.userId, productId],
      );
      linesOrdered += Number(rows[0]?.n);
      // One tab gets the order; the other is told the cart is empty.
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, 400]);
    }
    figures['two tabs, one cart (different keys)'] = `${ordersMade} orders for ${ROUNDS} carts, ${linesOrdered} lines`;
    expect(linesOrdered).toBe(ROUNDS);
  });

  it.skipIf(skip)('two admins changing one order leave one final state and two history rows', async () => {
    const second = { username: `rel-admin-${dialect}-2`, password: 'second-admin-password' };
    expect((await admin.call('POST', '/api/admin/admins', second)).status).toBe(201);
    const other = await adminLogin(store!.url, second);
    const shopper = await signUp(store!.url);
    let lastMatches = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await addToCart(shopper, products[round % products.length] as string);
      const placed = await order(shopper);
      expect(placed.status).toBe(201);
      const id = placed.body.order.id as string;
      const answers = await Promise.all([
        admin.call('PATCH', `/api/admin/orders/${id}/state`, { state: 'packed' }),
        other.call('PATCH', `/api/admin/orders/${id}/state`, { state: 'dispatched' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const [row] = await reader!.all<{ status: string }>('select status from orders where id = ?', [id]);
      expect(['packed', 'dispatched']).toContain(row?.status);
      const events = await reader!.all('select id from order_events where order_id = ? and admin_id is not null', [id]);
      expect(events.length).toBe(2);
      const seen = await admin.call('GET', `/api/admin/orders/${id}`);
      const history = seen.body.order.history as Array<{ status: string }>;
      expect(history.length).toBe(3);
      if (history[history.length - 1]?.status === row?.status) lastMatches++;
    }
    figures['two admins on one order'] =
      `${ROUNDS} orders, 2 history rows each, last row = final state in ${lastMatches}`;
    // The history an admin reads must end with the state the order is in.
    expect(lastMatches).toBe(ROUNDS);
  });
});
