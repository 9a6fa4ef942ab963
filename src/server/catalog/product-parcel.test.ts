/**
 * A product's parcel (docs/product.md#shipping) through the admin API on SQLite and PostgreSQL: the
 * shipping weight and package size are optional whole numbers within limits, every wrong one is
 * named at once (docs/decisions/015), empty means the shop's PARCEL_DEFAULT_*, and a courier's
 * booking of an order reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelOfOrder } from '../shipping/booking-jobs.ts';
import { adminCookie, placeOrder, settleAdvance, shopper, validProduct } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';

describe.each(TEST_DIALECTS)("a product's parcel on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { PARCEL_DEFAULT_GRAMS: '450' } });
    admin = await adminCookie(t);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, payload });

  it('keeps the weight and size, and empties them back to the shop default', async () => {
    const created = await send('POST', '/api/admin/products', {
      ...validProduct,
      weightGrams: 320,
      lengthCm: 18,
      breadthCm: 11,
      heightCm: 9,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().product;
    expect(created.json().product).toMatchObject({ weightGrams: 320, lengthCm: 18, breadthCm: 11, heightCm: 9 });
    const read = await t.app.inject({ method: 'GET', url: `/api/admin/products/${id}`, headers: { cookie: admin } });
    expect(read.json().product).toMatchObject({ weightGrams: 320, lengthCm: 18, breadthCm: 11, heightCm: 9 });

    const cleared = await send('PUT', `/api/admin/products/${id}`, { ...validProduct, weightGrams: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().product).toMatchObject({
      weightGrams: null,
      lengthCm: null,
      breadthCm: null,
      heightCm: null,
    });
  });

  it('names every wrong measure at once and saves nothing', async () => {
    const before = await t.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send('POST', '/api/admin/products', {
      ...validProduct,
      weightGrams: 0,
      lengthCm: 2.5,
      breadthCm: 151,
      heightCm: '9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      weightGrams: 'The shipping weight must be at least 1 gram',
      lengthCm: 'The package length must be a whole number of cm',
      breadthCm: 'The package width must be at most 150 cm',
      heightCm: 'The package height must be a number of cm',
    });
    expect(
      (await send('POST', '/api/admin/products', { ...validProduct, weightGrams: 30_001 })).json().error.fields,
    ).toEqual({
      weightGrams: 'The shipping weight must be at most 30,000 grams',
    });
    const after = await t.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("books an order with the product's weight and size, or the shop default where it names none", async () => {
    const buyer = await shopper(t);
    const own = (
      await send('POST', '/api/admin/products', {
        ...validProduct,
        weightGrams: 300,
        lengthCm: 20,
        breadthCm: 15,
        heightCm: 8,
      })
    ).json().product.id;
    const plain = (await send('POST', '/api/admin/products', validProduct)).json().product.id;
    const parcelOf = async (productId: string, quantity: number) => {
      const number = await placeOrder(t, buyer.cookie, productId, quantity);
      await settleAdvance(t, admin, number, 'received');
      const order = await t.app.db
        .selectFrom('orders')
        .select('id')
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
      const answer = await parcelOfOrder(t.app.db, t.config, order.id);
      if (!('parcel' in answer)) throw new Error(answer.refusal);
      return answer.parcel;
    };
    // Two of the measured watch: twice its weight, its box stacked twice as high.
    expect(await parcelOf(own, 2)).toMatchObject({ weightGrams: 600, lengthCm: 20, breadthCm: 15, heightCm: 16 });
    // One that names none: the shop's defaults (PARCEL_DEFAULT_GRAMS=450 here; the size's own defaults).
    expect(await parcelOf(plain, 1)).toMatchObject({
      weightGrams: 450,
      lengthCm: t.config.parcel.lengthCm,
      breadthCm: t.config.parcel.breadthCm,
      heightCm: t.config.parcel.heightCm,
    });
  });
});
