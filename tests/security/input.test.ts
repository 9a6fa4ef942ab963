/**
 * ASVS V5.1 (input) cases the fuzz test meets only by chance, checked every
 * time: NUL characters (PostgreSQL cannot store them), prototype pollution,
 * deep nesting, mass assignment of prices and owners, and huge quantities.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/server/http/security.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { ADDRESS, signupBody } from '../../src/server/test-support/shoppers.ts';
import { createWorld, errorMessageOf, type World } from './support/world.ts';

describe.each(TEST_DIALECTS)('hostile input on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ dialect });
  });
  afterAll(() => w.t.close());

  it('refuses a NUL character in a path, query or body with a 400 and a message', async () => {
    const requests = [
      { method: 'GET', url: '/api/products/a%00b' },
      { method: 'GET', url: '/api/products/search?q=rolex%00' },
      { method: 'GET', url: '/api/orders/%00', cookie: w.a.cookie },
      { method: 'POST', url: '/api/signup', payload: signupBody({ name: 'Asha\u0000Rao' }) },
      { method: 'POST', url: '/api/signup', payload: { ...signupBody(), 'extra\u0000': 1 } },
      { method: 'POST', url: '/api/login', payload: { number: w.a.number, password: 'long-enough\u0000' } },
      { method: 'POST', url: '/api/leads/whatsapp-click', payload: { productId: '\u0000' } },
      {
        method: 'POST',
        url: '/api/admin/leads',
        cookie: w.admin.cookie,
        payload: { platform: 'amazon', customer: 'R\u0000', productName: 'P', quantity: 1 },
      },
    ] as const;
    for (const r of requests) {
      const res = await w.t.app.inject({
        method: r.method,
        url: r.url,
        ...('cookie' in r ? { headers: { cookie: r.cookie } } : {}),
        ...('payload' in r ? { payload: r.payload } : {}),
      });
      expect(res.statusCode, r.url).toBe(400);
      expect(errorMessageOf(res.body), r.url).toBe(NUL_MESSAGE);
    }
  });

  it('ignores __proto__ and constructor keys: no object in the server gains a property', async () => {
    const bodies = [
      '{"__proto__":{"isAdmin":true,"polluted":true},"productId":"x"}',
      '{"constructor":{"prototype":{"polluted":true}},"productId":"x"}',
    ];
    for (const payload of bodies) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: w.a.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(errorMessageOf(res.body)).not.toBeNull();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers deeply nested JSON with a 400, not a crash', async () => {
    for (const payload of [
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorMessageOf(res.body)).not.toBeNull();
    }
  });

  it('takes no price, total or owner from the client (mass assignment)', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: w.a.cookie },
      payload: {
        address: ADDRESS,
        idempotencyKey: 'mass-assign-1',
        userId: w.b.id,
        total: 1,
        lines: [{ productId: w.product, quantity: 1, price: 1, discountPrice: 1 }],
      },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.totals.total).toBeGreaterThan(1);
    expect(order.lines[0].discountPrice).toBeGreaterThan(1);
    const bOrders = await w.t.app.inject({
      method: 'GET',
      url: '/api/orders?view=all',
      headers: { cookie: w.b.cookie },
    });
    expect(bOrders.json().orders.map((o: { id: string }) => o.id)).not.toContain(order.id);
  });

  it('refuses negative, fractional, enormous and non-numeric quantities with the quantity message', async () => {
    for (const quantity of [0, -1, 1.5, 11, 1e21, 2 ** 53 + 2, '5', null, [1], { n: 1 }]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: w.a.cookie },
        payload: { productId: w.product, quantity },
      });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json().error.message).toBe('Please choose a quantity from 1 to 10');
    }
    const raw = await w.t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: w.a.cookie, 'content-type': 'application/json' },
      payload: `{"productId":"${w.product}","quantity":1e999}`,
    });
    expect(raw.statusCode).toBe(400);
  });
});
