/**
 * Scale-out (issue 6, item 10): two app processes on one PostgreSQL database,
 * with no sticky sessions: every request of a shopper goes to either process at
 * random. A log-in on one is a log-in on the other (sessions live in the
 * database), a cart filled on one is the cart on the other, an admin edit on one
 * is found by search on the other, and the orders from both all land.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { checkoutCycle, newTally } from './support/checkout.ts';
import { openReader } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { adminLogin, inBatches, ok, orderableProductIds, signUp } from './support/http.ts';
import { checkOrders } from './support/orders-check.ts';
import { RELIABILITY_ADMIN, type StoreProcess, startTwoStores } from './support/server.ts';

const SHOPPERS = 40;
const CYCLES = 4;

let fresh: Fresh | undefined;
const stores: StoreProcess[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.stop()));
  await fresh?.cleanup();
});

it.skipIf(!postgresConfigured())('two processes share sessions, carts, search and orders', async () => {
  fresh = await freshData('postgres');
  const target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl };
  const [a, b] = await startTwoStores(target);
  stores.push(a, b);
  const A = a.url;
  const B = b.url;

  // Logged in on A means logged in on B, and a cart filled on B is the cart on A.
  const products = await orderableProductIds(A);
  const shopper = await signUp(A);
  const onB = await shopper.call('GET', '/api/session', undefined, B);
  expect(onB.body.user?.id).toBe(shopper.userId);
  const added = await shopper.call('POST', '/api/cart/items', { productId: products[0], quantity: 2 }, B);
  expect(added.status).toBe(200);
  const cartOnA = await shopper.call('GET', '/api/cart', undefined, A);
  expect(cartOnA.body.lines.map((l: { productId: string }) => l.productId)).toEqual([products[0]]);
  // Logging out on B ends the session on A too.
  expect((await shopper.call('POST', '/api/logout', undefined, B)).status).toBe(204);
  const afterLogout = await shopper.call('GET', '/api/session', undefined, A);
  expect(afterLogout.body.user).toBeNull();

  // An admin renames a watch on A; search on B finds it by the new word.
  const admin = await adminLogin(A, RELIABILITY_ADMIN);
  const target0 = products[1] as string;
  const current = await admin.call('GET', `/api/admin/products/${target0}`, undefined, B);
  expect(current.status).toBe(200);
  const word = `zq${randomBytes(4).toString('hex')}`;
  const renamed = await admin.call('PUT', `/api/admin/products/${target0}`, {
    ...current.body.product,
    name: `${current.body.product.name} ${word}`,
  });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  // B hears of A's write by PostgreSQL's notification, milliseconds after the commit
  // (docs/decisions/020-catalogue-invalidation.md): it is asked until it answers with it.
  await expect
    .poll(
      async () =>
        (await admin.call('GET', `/api/products/search?q=${word}`, undefined, B)).body.items.map(
          (p: { id: string }) => p.id,
        ),
      { timeout: 5_000, interval: 20 },
    )
    .toContain(target0);

  // Many shoppers, each request to either process at random.
  const shoppers = await inBatches(SHOPPERS, 4, (i) => signUp(i % 2 ? A : B));
  const tally = newTally();
  const sent = { A: 0, B: 0 };
  const pickUrl = () => {
    const toA = randomInt(0, 2) === 1;
    sent[toA ? 'A' : 'B']++;
    return toA ? A : B;
  };
  const started = Date.now();
  await Promise.all(
    shoppers.map(async (s) => {
      for (let i = 0; i < CYCLES; i++) await checkoutCycle(s, { products, tally, pickUrl });
    }),
  );
  const seconds = (Date.now() - started) / 1000;

  // Each shopper sees all their orders on both processes.
  let listedMismatch = 0;
  for (const s of shoppers) {
    const mine = tally.acked.filter((o) => o.userId === s.userId).length;
    for (const url of [A, B]) {
      const listed = await s.call('GET', '/api/orders?view=all', undefined, url);
      if (!ok(listed) || listed.body.orders.length !== mine) listedMismatch++;
    }
  }

  const reader = await openReader(fresh);
  try {
    const ids = shoppers.map((s) => s.userId);
    const check = await checkOrders(reader, tally.acked, { exactFor: ids, emptyCartsFor: ids });
    recordFigures('scale-out (2 processes, PostgreSQL)', {
      'session shared A -> B': 'yes',
      'cart shared B -> A': 'yes',
      'logout on B ends session on A': 'yes',
      'admin edit on A found by search on B': 'yes',
      shoppers: SHOPPERS,
      'requests to process A / B': `${sent.A} / ${sent.B}`,
      'orders acknowledged': tally.acked.length,
      'orders checked in the database': check.ordersChecked,
      'order lists differing between processes': listedMismatch,
      'orders per second': (tally.acked.length / seconds).toFixed(1),
    });
    expect(tally.violations).toEqual([]);
    expect(tally.unanswered + tally.unavailable).toBe(0);
    expect(check.problems).toEqual([]);
    expect(check.ordersChecked).toBe(SHOPPERS * CYCLES);
    expect(listedMismatch).toBe(0);
  } finally {
    await reader.close();
  }
});
