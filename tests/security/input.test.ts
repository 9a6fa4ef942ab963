/**
 * ASVS V5.1 (input) cases the fuzz test meets only by chance, checked every
 * time: NUL characters (PostgreSQL cannot store them), prototype pollution,
 * deep nesting, mass assignment of prices, owners and the advance's state,
 * hostile UPI references, and huge quantities.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTR_MESSAGE } from '../../src/common/advance.ts';
import { NUL_MESSAGE } from '../../src/server/http/security.ts';
import { placeOrder } from '../../src/server/test-support/admin.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { ADDRESS, signupBody } from '../../src/server/test-support/shoppers.ts';
import { createWorld, errorMessageOf, newUtr, type World } from './support/world.ts';

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
      { method: 'GET', url: `/api/orders/${w.aOrder}%00/advance-qr.svg`, cookie: w.a.cookie },
      {
        method: 'POST',
        url: `/api/orders/${w.aOrder}/advance`,
        cookie: w.a.cookie,
        payload: { utr: '12345678901\u0000' },
      },
      {
        method: 'POST',
        url: `/api/admin/orders/${w.bOrder}/advance`,
        cookie: w.admin.cookie,
        payload: { action: 'waived', note: 'Paid in the\u0000 shop' },
      },
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
    expect(order).not.toHaveProperty('id');
    expect(bOrders.json().orders.map((o: { number: string }) => o.number)).not.toContain(order.number);
  });

  it('takes no advance state, amount, order state or owner from the client (mass assignment)', async () => {
    const rowOf = (number: string) =>
      w.t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const utr = newUtr();
    const sent = await w.t.app.inject({
      method: 'POST',
      url: `/api/orders/${w.aOrder}/advance`,
      headers: { cookie: w.a.cookie },
      payload: {
        utr,
        state: 'received',
        advanceState: 'received',
        advance_state: 'received',
        advance: { state: 'received', amount: 1, balance: 0 },
        action: 'waived',
        note: 'paid in full',
        amount: 1,
        status: 'delivered',
        number: w.bOrder,
        userId: w.b.id,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().order).toMatchObject({ number: w.aOrder, status: 'ordered' });
    expect(sent.json().order.advance).toMatchObject({ state: 'submitted', utr, amount: 300, note: null });
    const aRow = await rowOf(w.aOrder);
    expect(aRow).toMatchObject({ status: 'ordered', advance_state: 'submitted', advance_utr: utr, advance_note: null });
    expect((await rowOf(w.bOrder)).advance_utr).not.toBe(utr);

    // The admin's finding takes its action and note only: never a state, a reference or an amount.
    const found = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${w.aOrder}/advance`,
      headers: { cookie: w.admin.cookie },
      payload: { action: 'received', note: '', utr: '000000000000', status: 'delivered', state: 'waived', amount: 0 },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().order).toMatchObject({ status: 'ordered', advance: { state: 'received', utr, amount: 300 } });
    expect(await rowOf(w.aOrder)).toMatchObject({ status: 'ordered', advance_state: 'received', advance_utr: utr });
  });

  it('takes only a 12-digit ASCII UPI reference; anything else is refused with its message and stores nothing', async () => {
    const number = await placeOrder(w.t, w.a.cookie, w.product);
    const rowOf = () =>
      w.t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const before = await rowOf();
    const send = (payload: unknown) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/orders/${number}/advance`,
        headers: { cookie: w.a.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    for (const utr of [
      '',
      '12345678901',
      '1234567890123',
      '12345678901a',
      '1234 5678 9012',
      '-12345678901',
      '1.2345678901',
      '1e11',
      "123456789012' OR '1'='1",
      '123456789012\n123456789013',
      '１２３４５６７８９０１２',
      '١٢٣٤٥٦٧٨٩٠١٢',
      '१२३४५६७८९०१२',
      '<script>alert(1)</script>',
      123456789012,
      null,
      true,
      ['123456789012'],
      { $ne: null },
    ]) {
      const res = await send({ utr });
      expect(res.statusCode, JSON.stringify(utr)).toBe(400);
      expect(errorMessageOf(res.body), JSON.stringify(utr)).toBe(UTR_MESSAGE);
    }
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(errorMessageOf(missing.body)).toBe(UTR_MESSAGE);
    expect(await rowOf()).toEqual(before);
    // Spaces around a good reference (pasted from a payment app) are trimmed: the reference is stored without them.
    const utr = newUtr();
    const padded = await send({ utr: `  ${utr} ` });
    expect(padded.statusCode, padded.body).toBe(200);
    expect((await rowOf()).advance_utr).toBe(utr);
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
