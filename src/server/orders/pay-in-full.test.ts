/**
 * Pay in full now (issue 35 item 3; orders/pay-in-full.ts): at checkout, and later from Your Orders
 * or the advance link while nothing is paid, the whole order is paid by UPI for the owner's discount
 * (PAY_IN_FULL_DISCOUNT, here 5%). The one money rule reads it as an advance equal to the
 * discounted total, so nothing is collected on delivery. Real API, SQLite and PostgreSQL.
 * A ₹3,500 watch: 5% is ₹175, so ₹3,325 to pay now.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePayInFullDiscount, payInFullDiscount } from '../../common/pay-in-full.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { type BareWebBuild, bareWebBuild } from '../test-support/web-build.ts';
import { advanceLinkUrl } from './advance-link-url.ts';
import { PAY_IN_FULL_CLOSED } from './pay-in-full.ts';

describe('the pay-in-full discount setting', () => {
  it('reads rupees or a percent, and refuses anything else', () => {
    expect(parsePayInFullDiscount('0')).toEqual({ kind: 'rupees', rupees: 0 });
    expect(parsePayInFullDiscount(' 150 ')).toEqual({ kind: 'rupees', rupees: 150 });
    expect(parsePayInFullDiscount('2.5%')).toEqual({ kind: 'percent', percent: 2.5 });
    for (const bad of ['', '-5', '5.5', '51%', '5%%', '1e3', '₹100', '100\n%', '５%']) {
      expect(parsePayInFullDiscount(bad), bad).toBeNull();
    }
  });

  it('rounds a percent down to the rupee and never takes more than half the order', () => {
    expect(payInFullDiscount(3_500, { kind: 'percent', percent: 5 })).toBe(175);
    expect(payInFullDiscount(999, { kind: 'percent', percent: 2.5 })).toBe(24);
    expect(payInFullDiscount(150, { kind: 'rupees', rupees: 100 })).toBe(75);
    expect(payInFullDiscount(5_000, { kind: 'rupees', rupees: 0 })).toBe(0);
  });
});

describe.each(TEST_DIALECTS)('paying in full on %s', (dialect) => {
  let t: TestApp;
  let dist: BareWebBuild;
  beforeAll(async () => {
    dist = bareWebBuild();
    t = await createTestApp({
      dialect,
      webDistDir: dist.dir,
      env: { SHOP_UPI_ID: 'timesquare@okhdfcbank', PAY_IN_FULL_DISCOUNT: '5%' },
    });
  });
  afterAll(async () => {
    await t?.close();
    dist?.remove();
  });

  async function order(shopper: Shopper, payInFull: boolean) {
    const product = await insertProduct(t.app.db, { price: 4_000, discountPrice: 3_500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: {
        address: ADDRESS,
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
        ...(payInFull ? { payInFull } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order;
  }
  const row = (number: string) =>
    t.app.db
      .selectFrom('orders')
      .select(['total', 'advance_amount', 'advance_state', 'full_pay_discount'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();

  it('places an order paid in full: its advance is the discounted total, nothing on delivery', async () => {
    const shopper = await signUp(t.app);
    const placed = await order(shopper, true);
    expect(placed.totals).toMatchObject({ total: 3_325, discount: 675 });
    expect(placed.advance).toMatchObject({
      amount: 3_325,
      balance: 0,
      state: 'awaiting',
      inFull: true,
      inFullDiscount: 175,
      inFullOffer: null,
    });
    // The same UPI link, for the whole amount.
    expect(placed.advance.payLink).toContain('am=3325.00');
    expect(await row(placed.number)).toMatchObject({
      total: 3_325,
      advance_amount: 3_325,
      full_pay_discount: 175,
    });
  });

  it('offers a cash-on-delivery order the switch while nothing is paid, once', async () => {
    const shopper = await signUp(t.app);
    const placed = await order(shopper, false);
    expect(placed.advance).toMatchObject({ amount: 300, balance: 3_200, inFull: false });
    expect(placed.advance.inFullOffer).toEqual({ payNow: 3_325, discount: 175 });
    const url = `/api/orders/${placed.number}/pay-in-full`;
    // Nobody else's order.
    const stranger = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const switched = await t.app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().order.advance).toMatchObject({
      amount: 3_325,
      balance: 0,
      inFull: true,
      inFullOffer: null,
    });
    // Twice is refused, and the discount is not taken twice.
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PAY_IN_FULL_CLOSED);
    expect(await row(placed.number)).toMatchObject({ total: 3_325, advance_amount: 3_325, full_pay_discount: 175 });
  });

  it('refuses the switch once a UPI reference is sent, and changes nothing', async () => {
    const shopper = await signUp(t.app);
    const placed = await order(shopper, false);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.number}/advance`,
      headers: { cookie: shopper.cookie },
      payload: { utr: String(400_000_000_000 + Math.floor(Math.random() * 99_999_999_999)) },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().order.advance.inFullOffer).toBeNull();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.number}/pay-in-full`,
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(await row(placed.number)).toMatchObject({ total: 3_500, advance_amount: 300, advance_state: 'submitted' });
  });

  it('switches through the advance link, by the app and by a form posted without the script', async () => {
    const shopper = await signUp(t.app);
    const first = await order(shopper, false);
    const path = new URL(await advanceLinkUrl(t.app.db, t.app.config, first.number)).pathname;
    const byApi = await t.app.inject({
      method: 'POST',
      url: `${path.replace('/advance/', '/api/advance-link/')}/pay-in-full`,
    });
    expect(byApi.statusCode, byApi.body).toBe(200);
    expect(byApi.json().order.advance).toMatchObject({ amount: 3_325, balance: 0, inFull: true });
    // A wrong token changes nothing.
    const second = await order(shopper, false);
    const secondPath = new URL(await advanceLinkUrl(t.app.db, t.app.config, second.number)).pathname;
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${secondPath.replace('/advance/', '/api/advance-link/').slice(0, -2)}xx/pay-in-full`,
    });
    expect(tampered.statusCode).toBe(404);
    expect(await row(second.number)).toMatchObject({ advance_amount: 300 });
    const posted = await t.app.inject({
      method: 'POST',
      url: secondPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost' },
      payload: 'choice=pay-in-full',
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(await row(second.number)).toMatchObject({ total: 3_325, advance_amount: 3_325, full_pay_discount: 175 });
  });
});
