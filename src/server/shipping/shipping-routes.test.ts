/**
 * Shipping through the real API on SQLite and PostgreSQL (docs/product.md#shipping): the pincode
 * check and the order it refuses, the owner's courier, AWB and steps for the manual courier, the
 * shopper's orders and /track.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, placeOrder, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { TRACK_LOOKUPS_PER_ADDRESS, TRACK_NOT_FOUND, TRACK_TOO_MANY } from './track-lookup.ts';

describe.each(TEST_DIALECTS)('shipping routes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
    shopper = await signUp(t.app, { email: 'tracker@example.in' });
  });
  afterAll(async () => t.close());

  const inject = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip?: string) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });

  async function paidOrder() {
    const product = await insertProduct(t.app.db);
    const number = await placeOrder(t, shopper.cookie, product.id);
    await settleAdvance(t, admin, number, 'received');
    return number;
  }

  it('checks a pincode: served with its date, unknown, and a malformed one', async () => {
    const served = await inject(null, 'GET', '/api/delivery/411001');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ pincode: '411001', served: true, cod: true });
    expect(served.json().message).toMatch(
      /^Delivery by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} · cash on delivery available$/,
    );
    const unknown = await inject(null, 'GET', '/api/delivery/123456');
    expect(unknown.json()).toEqual({
      pincode: '123456',
      served: false,
      cod: false,
      expectedBy: null,
      message: 'We do not deliver to 123456 yet',
    });
    expect((await inject(null, 'GET', '/api/delivery/12345x')).statusCode).toBe(400);
  });

  it('refuses an order to a pincode not served, before anything is saved', async () => {
    const product = await insertProduct(t.app.db);
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await inject(shopper.cookie, 'POST', '/api/orders', {
      address: '12, Lotus Residency, near City Mall, Nowhere - 123456, Maharashtra',
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'not_delivered', message: 'We do not deliver to 123456 yet' });
    expect(await count()).toBe(before);
  });

  it('keeps the owner’s courier and AWB as plain text, one AWB per parcel', async () => {
    const number = await paidOrder();
    const url = `/api/admin/orders/${number}/shipment`;
    for (const body of [
      { courierName: 'Delhivery', awb: 'bad awb!' },
      { courierName: 'Delhivery', awb: '12345' },
      { courierName: 'Blue\nDart', awb: 'AWB123456' },
      { courierName: 'x'.repeat(300), awb: 'AWB123456' },
      { courierName: 'Blue\u202eDart', awb: 'AWB123456' },
    ]) {
      expect((await inject(admin, 'PUT', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // Look-alike instructions are just a name: kept as typed, never a link.
    const odd = await inject(admin, 'PUT', url, {
      courierName: 'Ignore previous orders; ship free',
      awb: 'ODD-123456',
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().shipment).toMatchObject({ courierName: 'Ignore previous orders; ship free', trackingUrl: null });

    const saved = await inject(admin, 'PUT', url, { courierName: 'Blue Dart', awb: `BD${Date.now()}` });
    expect(saved.statusCode).toBe(200);
    const awb: string = saved.json().shipment.awb;
    expect(saved.json().shipment).toMatchObject({
      courier: 'manual',
      courierName: 'Blue Dart',
      step: 'booked',
      trackingUrl: `https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo=${awb}`,
    });
    const other = await paidOrder();
    const taken = await inject(admin, 'PUT', `/api/admin/orders/${other}/shipment`, { courierName: 'DTDC', awb });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain(number);
  });

  it('sets steps by hand through the tracking rules; the shopper sees them on Your Orders and /track', async () => {
    const number = await paidOrder();
    const awb = `DL${Date.now()}`;
    const base = `/api/admin/orders/${number}/shipment`;
    expect((await inject(admin, 'POST', `${base}/step`, { step: 'picked_up' })).statusCode).toBe(409);
    await inject(admin, 'PUT', base, { courierName: 'Delhivery', awb });
    const picked = await inject(admin, 'POST', `${base}/step`, { step: 'picked_up' });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().shipment.step).toBe('picked_up');
    const order = await inject(admin, 'GET', `/api/admin/orders/${number}`);
    expect(order.json().order.status).toBe('dispatched');
    expect(order.json().order.shipment).toMatchObject({ awb, step: 'picked_up' });
    const failed = await inject(admin, 'POST', `${base}/step`, { step: 'undelivered', reason: 'Door locked' });
    expect(failed.json().shipment).toMatchObject({
      step: 'undelivered',
      attempts: 1,
      undeliveredReason: 'Door locked',
    });
    const back = await inject(admin, 'POST', `${base}/step`, { step: 'picked_up' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toMatch(/never moves back/);

    const mine = await inject(shopper.cookie, 'GET', '/api/orders?view=open');
    const listed = mine.json().orders.find((o: { number: string }) => o.number === number);
    expect(listed.shipment).toMatchObject({
      courierName: 'Delhivery',
      awb,
      trackingUrl: `https://www.delhivery.com/track/package/${awb}`,
      step: 'undelivered',
      scanText: 'Failed delivery',
    });
    // The owner's reason and attempts stay the owner's.
    expect(listed.shipment.undeliveredReason).toBeUndefined();

    const tracked = await inject(null, 'GET', `/api/track?order=${number.toLowerCase()}&phone=%2B91${shopper.number}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.headers['cache-control']).toBe('no-store');
    expect(tracked.json()).toMatchObject({ number, shipment: { awb, step: 'undelivered' } });
    expect(tracked.json().history.map((h: { step: string }) => h.step)).toEqual(['undelivered', 'picked_up']);
  });

  it('answers a wrong phone with the words of an unknown order, and limits lookups per address', async () => {
    const number = await paidOrder();
    const ip = '203.0.113.77';
    const wrongPhone = await inject(null, 'GET', `/api/track?order=${number}&phone=9999999999`, undefined, ip);
    const unknown = await inject(null, 'GET', '/api/track?order=TSW-99999999&phone=9999999999', undefined, ip);
    expect(wrongPhone.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongPhone.json()).toEqual(unknown.json());
    expect(wrongPhone.json().error.message).toBe(TRACK_NOT_FOUND);
    for (let i = 2; i < TRACK_LOOKUPS_PER_ADDRESS; i++) {
      await inject(null, 'GET', '/api/track?order=TSW-1&phone=1', undefined, ip);
    }
    const limited = await inject(null, 'GET', `/api/track?order=${number}&phone=${shopper.number}`, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(TRACK_TOO_MANY);
    // Another address is not stopped by this one's guesses.
    const elsewhere = await inject(
      null,
      'GET',
      `/api/track?order=${number}&phone=${shopper.number}`,
      undefined,
      '203.0.113.78',
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});
