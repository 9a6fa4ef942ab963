/**
 * The advance is kept on each order (issue 22, docs/product.md#the-advance): an order placed at
 * ₹300 keeps its invoice, label, UPI link and balance when the store restarts with COD_ADVANCE=500,
 * while a new order asks ₹500; with COD_ADVANCE=0 a new order asks nothing and packs at once.
 * Real app, real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), real PDFs read
 * back with pdftotext.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { adminCookie, settleAdvance } from '../test-support/admin.ts';
import type { TestApp } from '../test-support/app.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { pdfText, squeezed } from '../test-support/pdf.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { NO_ADVANCE_NOTE } from './place-order.ts';

const ENV = { SHOP_UPI_ID: 'timesquare@okhdfcbank', SHOP_UPI_NAME: 'Time Square', SHOP_ORDER_PREFIX: 'TSW' };

describe.each(TEST_DIALECTS)('the advance kept on each order, on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let shopper: Shopper;
  let productId: string;

  /** (Re)starts the store on the same database with this COD_ADVANCE, as a restart with a new setting does. */
  async function start(codAdvance?: string): Promise<void> {
    await t?.app.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      ...ENV,
      ...(codAdvance === undefined ? {} : { COD_ADVANCE: codAdvance }),
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    t = { app, database, config, close: async () => app.close() };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await start();
    admin = await adminCookie(t);
    shopper = await signUp(t.app);
    productId = (await insertProduct(t.app.db, { price: 12_000, discountPrice: 10_000 })).id;
  });
  afterAll(async () => {
    await t.app.close();
    await database.cleanup();
  });

  const as = (app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  async function placeOrder(): Promise<string> {
    const res = await as(t.app, shopper.cookie, 'POST', '/api/orders', {
      address: ADDRESS,
      idempotencyKey: randomUUID(),
      lines: [{ productId, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    return res.json().order.number;
  }
  /** Everything the store says of an order's money, to the shopper, the owner, on paper. */
  async function figures(number: string) {
    const own = (await as(t.app, shopper.cookie, 'GET', `/api/orders/${number}`)).json().order.advance;
    const owner = (await as(t.app, admin, 'GET', `/api/admin/orders/${number}`)).json().order.advance;
    const invoice = await as(t.app, admin, 'GET', `/api/admin/orders/${number}/invoice.pdf`);
    const label = await as(t.app, admin, 'GET', `/api/admin/orders/${number}/label.pdf`);
    return {
      shopper: { amount: own.amount, balance: own.balance, payLink: own.payLink },
      owner: { amount: owner.amount, balance: owner.balance },
      invoice: invoice.statusCode === 200 ? squeezed(await pdfText(invoice.rawPayload)) : invoice.statusCode,
      label: label.statusCode === 200 ? squeezed(await pdfText(label.rawPayload)) : label.statusCode,
    };
  }
  const setState = (number: string, state: string) =>
    as(t.app, admin, 'PATCH', `/api/admin/orders/${number}/state`, { state });

  let old: string;
  let before: Awaited<ReturnType<typeof figures>>;

  it('places an order at the default ₹300 and prints it', async () => {
    old = await placeOrder();
    const awaiting = await figures(old);
    expect(awaiting.shopper).toMatchObject({ amount: 300, balance: 9_700 });
    expect(new URL(awaiting.shopper.payLink).searchParams.get('am')).toBe('300.00');
    await settleAdvance(t, admin, old, 'received');
    expect((await setState(old, 'dispatched')).statusCode).toBe(200);
    before = await figures(old);
    expect(before.invoice).toContain('₹300');
    expect(before.label).toContain('COLLECT ₹9,700');
  });

  it('keeps the old order’s figures after a restart with COD_ADVANCE=500; a new order asks ₹500', async () => {
    await start('500');
    expect(await figures(old)).toEqual(before);

    const fresh = await placeOrder();
    const now = await figures(fresh);
    expect(now.shopper).toMatchObject({ amount: 500, balance: 9_500 });
    expect(now.owner).toEqual({ amount: 500, balance: 9_500 });
    expect(new URL(now.shopper.payLink).searchParams.get('am')).toBe('500.00');
    // The packing gate names the order's own advance.
    const gated = await setState(fresh, 'packed');
    expect(gated.statusCode).toBe(409);
    expect(gated.json().error.message).toContain('₹500 advance');
    await settleAdvance(t, admin, fresh, 'received');
    expect((await setState(fresh, 'packed')).statusCode).toBe(200);
    expect((await figures(fresh)).label).toContain('COLLECT ₹9,500');
  });

  it('asks no advance with COD_ADVANCE=0: the order packs at once and the courier collects it all', async () => {
    await start('0');
    expect(await figures(old)).toEqual(before);

    const free = await placeOrder();
    const row = await t.app.db
      .selectFrom('orders')
      .select(['advance_amount', 'advance_state', 'advance_note'])
      .where('number', '=', free)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ advance_amount: 0, advance_state: 'waived', advance_note: NO_ADVANCE_NOTE });
    const now = await figures(free);
    expect(now.shopper).toEqual({ amount: 0, balance: 10_000, payLink: null });
    expect((await setState(free, 'packed')).statusCode).toBe(200);
    expect((await figures(free)).label).toContain('COLLECT ₹10,000');
  });

  it('refuses a COD_ADVANCE that is not a whole number of rupees, naming it', () => {
    for (const bad of ['-1', '2.5', 'three hundred', '100001']) {
      expect(() => loadConfig({ NODE_ENV: 'test', COD_ADVANCE: bad })).toThrow(/COD_ADVANCE: must be/);
    }
  });
});
