import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createProduct, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { readLeadCsv } from './import.ts';

describe.each(TEST_DIALECTS)('leads on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
    productId = await createProduct(t, admin, { name: 'Rado Captain Cook', brand: 'Rado' });
  });
  afterAll(() => t.close());

  const list = async (platform = 'all') =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/leads?platform=${platform}`, headers: { cookie: admin } })
    ).json();
  const click = (cookie?: string, id = productId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/leads/whatsapp-click',
      headers: cookie ? { cookie } : {},
      payload: { productId: id },
    });

  it('records a BUY NOW chat click as a WhatsApp lead, with the shopper’s number when logged in', async () => {
    expect((await click()).statusCode).toBe(204);
    const buyer = await shopper(t);
    expect((await click(buyer.cookie)).statusCode).toBe(204);
    expect((await click(buyer.cookie)).statusCode).toBe(204); // the same lead again: not doubled
    const leads = (await list('whatsapp')).items;
    expect(leads).toHaveLength(2);
    expect(leads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          platform: 'whatsapp',
          customer: 'Website visitor',
          phone: '',
          productId,
          quantity: 1,
        }),
        expect.objectContaining({ customer: 'Asha Shopper', phone: buyer.phone, productName: 'Rado Captain Cook' }),
      ]),
    );
    expect((await click(undefined, 'missing')).statusCode).toBe(404);
  });

  it('adds a platform order by hand, with the form’s rules', async () => {
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/leads', headers: { cookie: admin }, payload });
    const ok = await add({
      platform: 'amazon',
      customer: 'Vikram',
      phone: '9123456789',
      productName: 'Titan Edge',
      quantity: 2,
      date: '2025-02-01',
    });
    expect(ok.statusCode).toBe(201);
    const bad = [
      [
        { platform: 'flipkart', customer: 'x', productName: 'y', quantity: 1 },
        'The platform must be amazon or whatsapp',
      ],
      [{ platform: 'amazon', customer: '', productName: 'y', quantity: 1 }, 'Please enter the customer'],
      [
        { platform: 'amazon', customer: 'x', phone: '123', productName: 'y', quantity: 1 },
        'Please provide a valid phone number',
      ],
      [{ platform: 'amazon', customer: 'x', productName: 'y', quantity: 0 }, 'The quantity must be at least 1'],
      [
        { platform: 'amazon', customer: 'x', productName: 'y', quantity: 1, date: 'yesterday' },
        'The date must look like 2025-01-31 or 2025-01-31T14:30',
      ],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const amazon = (await list('amazon')).items;
    expect(amazon).toEqual([
      expect.objectContaining({ customer: 'Vikram', quantity: 2, date: '2025-02-01T00:00:00.000Z' }),
    ]);
  });

  it('shows shoppers’ current carts as website leads, and every kind under All', async () => {
    const buyer = await shopper(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: buyer.cookie },
      payload: { productId, quantity: 4 },
    });
    expect(added.statusCode).toBeLessThan(300);
    const website = (await list('website')).items;
    expect(website).toEqual([
      expect.objectContaining({
        platform: 'website',
        phone: buyer.phone,
        productId,
        productName: 'Rado Captain Cook',
        quantity: 4,
      }),
    ]);
    const all = await list();
    expect(all.total).toBe(4);
    expect(new Set(all.items.map((l: { platform: string }) => l.platform))).toEqual(
      new Set(['amazon', 'whatsapp', 'website']),
    );
    const dates = all.items.map((l: { date: string }) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('imports a CSV: nothing from a file with bad rows, unless asked to skip them', async () => {
    const csv = [
      'platform,customer,phone,productName,quantity,date',
      'amazon,"Rao, Priya",9988776655,"Omega ""Moonwatch""",1,2025-01-10',
      'whatsapp,Sunil,,Casio G-Shock,2,',
      'ebay,Bad Row,,Something,1,',
      'amazon,No Quantity,,Something,,',
    ].join('\r\n');
    const imp = (skipBadRows: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/leads/import',
        headers: { cookie: admin },
        payload: { csv, skipBadRows },
      });
    const before = (await list()).total;
    const refused = await imp(false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Nothing was imported: 2 rows have errors. Fix them, or import only the good rows.',
    );
    expect(refused.json().error.fields).toEqual({
      'line 4': 'The platform must be amazon or whatsapp',
      'line 5': 'The quantity must be a number',
    });
    expect((await list()).total).toBe(before);
    const partial = await imp(true);
    expect(partial.statusCode).toBe(200);
    expect(partial.json().imported).toBe(2);
    const amazon = (await list('amazon')).items;
    expect(amazon).toEqual(
      expect.arrayContaining([expect.objectContaining({ customer: 'Rao, Priya', productName: 'Omega "Moonwatch"' })]),
    );
  });
});

describe('readLeadCsv', () => {
  it('needs the header columns and reports broken quoting by line', () => {
    expect(readLeadCsv('name,qty\r\nx,1').errors[0]?.message).toMatch(
      /missing: platform, customer, productName, quantity/,
    );
    expect(readLeadCsv('platform,customer,productName,quantity\r\namazon,"x,y,1').errors[0]?.line).toBe(2);
    expect(readLeadCsv('platform,customer,productName,quantity\r\n').errors[0]?.message).toBe(
      'The file has no rows under its header',
    );
  });

  it('accepts columns in any order and case, and platform in any case', () => {
    const { rows, errors } = readLeadCsv('Quantity,Product Name,Customer,Platform\r\n3,Fossil Grant,Neha,WhatsApp\r\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({ platform: 'whatsapp', customer: 'Neha', productName: 'Fossil Grant', quantity: 3 }),
    ]);
  });
});
