/**
 * The advance link (issue 34 item 16; orders/advance-link.ts): the order's own page, no log-in, with
 * its advance (amount, on delivery, UPI link, QR) and nothing else of the order or the shopper; a
 * tampered token, another link's token, or a closed order is the one 404; a UPI reference sent
 * there is recorded once, under the logged-in shopper's rules and limits (decision 051). Real API,
 * real databases (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCE_LINK_MESSAGE } from '../../common/schemas/order.ts';
import { deliveryChoicePath } from '../shipping/delivery-choice-link.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { type BareWebBuild, bareWebBuild } from '../test-support/web-build.ts';
import { MAX_REFERENCES } from './advance.ts';
import { advanceLinkUrl } from './advance-link-url.ts';

const utr = () => `${randomInt(1e5, 1e6)}${randomInt(1e5, 1e6)}`;
const HOSTILE_NAME = 'Refund due <b>evil.example</b>';

describe.each(TEST_DIALECTS)('the advance link on %s', (dialect) => {
  let t: TestApp;
  let dist: BareWebBuild;
  beforeAll(async () => {
    dist = bareWebBuild();
    t = await createTestApp({
      dialect,
      webDistDir: dist.dir,
      env: { SHOP_UPI_ID: 'timesquare@okhdfcbank', SHOP_ORDER_PREFIX: 'TSW' },
    });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  /** A new shopper's order of one watch at ₹3,500 and the path of its advance link. */
  async function orderWithLink(): Promise<{ shopper: Shopper; number: string; path: string }> {
    const shopper = await signUp(t.app, { name: HOSTILE_NAME });
    const product = await insertProduct(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    const number = res.json().order.number as string;
    return { shopper, number, path: new URL(await advanceLinkUrl(t.app.db, t.app.config, number)).pathname };
  }
  const api = (path: string) => path.replace('/advance/', '/api/advance-link/');
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const send = (path: string, value: string) =>
    t.app.inject({ method: 'POST', url: api(path), payload: { utr: value } });
  const events = async (number: string) =>
    (
      await t.app.db
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select('order_events.status')
        .where('orders.number', '=', number)
        .where('order_events.kind', '=', 'advance')
        .execute()
    ).length;
  const ownerMails = async (number: string) =>
    (
      await t.app.db
        .selectFrom('outbox')
        .innerJoin('orders', 'orders.id', 'outbox.order_id')
        .select('outbox.id')
        .where('orders.number', '=', number)
        .where('outbox.kind', '=', 'advance-submitted')
        .execute()
    ).length;

  it('opens without a log-in: the advance, on delivery and the UPI link, nothing else', async () => {
    const { shopper, number, path } = await orderWithLink();
    const res = await get(api(path));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { order } = res.json();
    expect(Object.keys(order).sort()).toEqual(['advance', 'number', 'status']);
    expect(order.number).toBe(number);
    expect(order.advance).toMatchObject({ amount: 300, state: 'awaiting' });
    expect(order.advance.payLink).toContain('pa=timesquare@okhdfcbank');
    expect(order.advance.payLink).toContain('am=300');
    // The very advance Your Orders shows (one money rule, codMoney): amount, on delivery, link.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: { cookie: shopper.cookie },
    });
    expect(order.advance).toEqual(own.json().order.advance);
    const qr = await get(`${api(path)}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');

    // The page carries the same answer for the server to render; one person's, never kept.
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Pay the advance');
    expect(page.body).toContain('"amount":300');
    expect(page.body).not.toMatch(/rel="canonical" href="[^"]*advance/);
    for (const secret of ['Lotus Residency', 'Refund due', 'evil.example']) expect(page.body).not.toContain(secret);
  });

  it('a tampered token, another link’s token, another order’s token: the one 404, and no UPI link', async () => {
    const { number, path } = await orderWithLink();
    const other = await orderWithLink();
    const token = path.split('/').pop()!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const choiceToken = deliveryChoicePath(t.app.config, number).split('/').pop()!;
    for (const bad of [
      `/advance/${number}/${flipped}`,
      `/advance/${number}/${choiceToken}`,
      `/advance/${number}/${other.path.split('/').pop()}`,
      `/advance/TSW-99999/${token}`,
      `/advance/${number}/${token}x`,
    ]) {
      const res = await get(api(bad));
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe(ADVANCE_LINK_MESSAGE);
      expect((await get(`${api(bad)}/qr.svg`)).statusCode).toBe(404);
      expect((await send(bad, utr())).statusCode).toBe(404);
      const page = await get(bad);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('"amount"');
    }
    expect(await events(number)).toBe(0);
  });

  /** The page's form posted by a browser without the script: urlencoded, same origin. */
  const post = (path: string, fields: Record<string, string>, origin = 'http://localhost') =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('takes the UPI reference as a form posted without the script, through the same code and limits', async () => {
    const { number, path } = await orderWithLink();
    // Another site's form: refused before anything is read.
    expect((await post(path, { utr: utr() }, 'https://evil.example')).statusCode).toBe(403);
    // A bad reference: the page again, with its message and what was typed, nothing recorded.
    const typed = '12<script>x';
    const refused = await post(path, { utr: typed });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('/api/posted-form/advance-utr');
    expect(refused.body).toContain('12-digit UPI reference');
    expect(refused.body).not.toContain('<script>x');
    expect(refused.body).toContain('"amount":300');
    expect(await events(number)).toBe(0);
    // A wrong token: the one 404, nothing recorded.
    const token = path.split('/').pop()!;
    const wrong = await post(`/advance/${number}/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, {
      utr: utr(),
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('"amount"');
    expect(await events(number)).toBe(0);
    // Spaced as UPI apps show it: recorded once, the owner mailed, back to the page (303).
    const reference = utr();
    const sent = await post(path, { utr: `${reference.slice(0, 4)} ${reference.slice(4, 8)} ${reference.slice(8)}` });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(path);
    expect(await events(number)).toBe(1);
    expect(await ownerMails(number)).toBe(1);
    expect((await get(api(path))).json().order.advance).toMatchObject({ state: 'submitted', utr: reference });
    // Decision 051's per-order limit: the page again with the 429's words, nothing more recorded.
    for (let i = 1; i < MAX_REFERENCES; i++) expect((await post(path, { utr: utr() })).statusCode).toBe(303);
    const limited = await post(path, { utr: utr() });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('/api/posted-form/advance-utr');
    expect(await events(number)).toBe(MAX_REFERENCES);
  });

  it('records a UPI reference once, with the shopper’s limits; a closed order’s link is the 404', async () => {
    const { number, path } = await orderWithLink();
    const reference = utr();
    const first = await send(path, reference);
    expect(first.statusCode).toBe(200);
    expect(first.json().order.advance).toMatchObject({ state: 'submitted', utr: reference });
    expect(await events(number)).toBe(1);
    // Sent again (a double tap, the link opened twice): nothing new.
    expect((await send(path, reference)).statusCode).toBe(200);
    expect(await events(number)).toBe(1);
    expect(await ownerMails(number)).toBe(1);
    // A malformed reference changes nothing.
    expect((await send(path, '12<script>')).statusCode).toBe(400);
    expect(await events(number)).toBe(1);
    // Decision 051's per-order limit holds through the link as it does through Your Orders.
    for (let i = 1; i < MAX_REFERENCES; i++) expect((await send(path, utr())).statusCode).toBe(200);
    expect((await send(path, utr())).statusCode).toBe(429);
    expect(await events(number)).toBe(MAX_REFERENCES);

    // Cancelled (or expired): the link no longer opens anything.
    await t.app.db.updateTable('orders').set({ status: 'cancelled' }).where('number', '=', number).execute();
    expect((await get(api(path))).statusCode).toBe(404);
    expect((await send(path, utr())).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(404);
  });
});
