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

  it('ticks a platform lead and a website lead as followed up, with the time, and filters on it', async () => {
    const buyer = await shopper(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: buyer.cookie },
      payload: { productId, quantity: 1 },
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leads',
      headers: { cookie: admin },
      payload: { platform: 'whatsapp', customer: 'Follow Me', productName: 'Titan Karishma', quantity: 1 },
    });
    expect(added.statusCode).toBe(201);
    const all = (await list()).items as Array<{ id: string; customer: string; phone: string; followedUpAt: null }>;
    const platformLead = all.find((l) => l.customer === 'Follow Me');
    const websiteLead = all.find((l) => l.phone === buyer.phone);
    if (!platformLead || !websiteLead) throw new Error('the two leads are not listed');
    expect(platformLead.followedUpAt).toBeNull();
    const tick = (id: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/leads/${encodeURIComponent(id)}/followed-up`,
        headers: { cookie: admin },
        payload,
      });
    const before = Date.now();
    for (const lead of [platformLead, websiteLead]) {
      const done = await tick(lead.id, { followedUp: true });
      expect(done.statusCode).toBe(200);
      expect(Date.parse(done.json().followedUpAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    const followed = await list('all&followedUp=yes');
    expect(followed.items.map((l: { id: string }) => l.id).sort()).toEqual([platformLead.id, websiteLead.id].sort());
    expect(followed.total).toBe(2);
    const notYet = await list('all&followedUp=no');
    expect(notYet.total).toBe(all.length - 2);
    expect(notYet.items.every((l: { followedUpAt: string | null }) => l.followedUpAt === null)).toBe(true);
    expect((await list('website&followedUp=yes')).items).toEqual([
      expect.objectContaining({ id: websiteLead.id, followedUpAt: expect.any(String) }),
    ]);

    // Unticked: back among those not followed up.
    expect((await tick(platformLead.id, { followedUp: false })).json()).toEqual({ followedUpAt: null });
    expect((await list('all&followedUp=yes')).items.map((l: { id: string }) => l.id)).toEqual([websiteLead.id]);

    // Bad input: a clear 4xx, nothing changed.
    expect((await tick(platformLead.id, { followedUp: 'yes' })).json().error.message).toBe(
      'followedUp must be true or false',
    );
    const unknown = await tick('0'.repeat(20), { followedUp: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/no longer there/);
    expect((await tick('../../etc', { followedUp: true })).statusCode).toBe(400);
    expect((await list('all&followedUp=maybe')).error.message).toBe('The follow-up filter must be all, yes or no');
    expect((await list('all&followedUp=yes')).total).toBe(1);
  });

  it('exports the filtered leads as CSV, with formula cells neutralised', async () => {
    const hostile = `=HYPERLINK("http://evil.example","Click")${'x'.repeat(50)}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leads',
      headers: { cookie: admin },
      payload: { platform: 'amazon', customer: hostile, productName: '@SUM(A1:A9), "quoted"', quantity: 3 },
    });
    expect(added.json()).toEqual({ ok: true });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads/export.csv?platform=amazon&followedUp=no',
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date (IST),platform,customer,phone,product id,product,quantity,followed up (IST)');
    const row = lines.find((l) => l.includes('HYPERLINK'));
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")${'x'.repeat(50)}"`);
    expect(row).toContain(`"'@SUM(A1:A9), ""quoted"""`);
    expect(row).toMatch(/,Amazon,.*,3,$/);
    // Only the amazon tab, and only leads not followed up.
    expect(lines.slice(1).every((l) => l.includes(',Amazon,'))).toBe(true);
    const amazonTotal = (await list('amazon&followedUp=no')).total;
    expect(lines).toHaveLength(amazonTotal + 1);
    // Admins only.
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/leads/export.csv' });
    expect(anon.statusCode).toBe(401);
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
