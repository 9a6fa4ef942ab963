/**
 * The GSTR-1 endpoints through the real app (docs/product.md#the-books-credit-notes-and-gstr-1): a month
 * with an intra-state sale, an inter-state sale and a cancelled invoiced order, read as the screen's
 * summary, the offline tool's JSON and CSV; refused without SHOP_GSTIN, for a bad period and to shoppers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTaxes } from '../../../common/gst.ts';
import { GSTR1_PERIOD_MESSAGE } from '../../../common/schemas/gstr1.ts';
import { adminCookie, createProduct, settleAdvance } from '../../test-support/admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';
import { signUp } from '../../test-support/shoppers.ts';
import { NO_GSTIN_FOR_GSTR1 } from './routes.ts';

const GSTIN = '27AAPFU0939F1ZV';

describe.each(TEST_DIALECTS)('the GSTR-1 endpoints on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let month: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SHOP_GSTIN: GSTIN } });
    admin = await adminCookie(t);
    const asha = await signUp(t.app, { name: 'Asha Rao' });
    const rolex = await createProduct(t, admin, { name: 'Rolex Submariner Date', price: 25000, discountPrice: 19999 });
    const dispatched = async (address: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: asha.cookie },
        payload: { address, idempotencyKey: randomUUID(), lines: [{ productId: rolex, quantity: 1 }] },
      });
      const number = res.json().order.number as string;
      await settleAdvance(t, admin, number, 'received');
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${number}/state`,
        headers: { cookie: admin },
        payload: { state: 'dispatched' },
      });
      return number;
    };
    await dispatched('12, Lotus Residency, Pune - 411001, Maharashtra');
    await dispatched('4, Rose Villa, Bengaluru - 560001, Karnataka');
    const cancelled = await dispatched('7, Lake Road, Pune - 411001, Maharashtra');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${cancelled}/state`,
      headers: { cookie: admin },
      payload: { state: 'cancelled' },
    });
    const india = new Date(Date.now() + 5.5 * 3_600_000);
    month = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('sums the month: invoices minus the credit note, by table', async () => {
    const res = await get(`/api/admin/books/gstr1?period=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    const intra = invoiceTaxes([{ unitPrice: 19999, quantity: 1 }], 1800, 'intra').totals;
    const inter = invoiceTaxes([{ unitPrice: 19999, quantity: 1 }], 1800, 'inter').totals;
    expect(summary.invoices).toMatchObject({ count: 3, value: 3 * 1_999_900 });
    expect(summary.creditNotes).toMatchObject({ count: 1, value: 1_999_900 });
    const b2cs = summary.tables.find((r: { table: string }) => r.table === 'B2CS');
    expect(b2cs).toMatchObject({
      rows: 2,
      taxable: intra.taxable + inter.taxable,
      igst: inter.igst,
      cgst: intra.cgst,
      sgst: intra.sgst,
    });
    expect(summary.docs.map((d: { nature: string; total: number }) => [d.nature, d.total])).toEqual([
      ['Invoices for outward supply', 3],
      ['Credit Note', 1],
    ]);
  });

  it('downloads the offline tool’s JSON and each table as CSV', async () => {
    const json = await get(`/api/admin/books/gstr1.json?period=${month}`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`GSTR1-${GSTIN}-`);
    const body = json.json();
    expect(body).toMatchObject({ gstin: GSTIN, fp: `${month.slice(5)}${month.slice(0, 4)}` });
    expect(body.b2cs.map((r: { sply_ty: string; pos: string }) => `${r.sply_ty} ${r.pos}`)).toEqual([
      'INTER 29',
      'INTRA 27',
    ]);
    const csv = await get(`/api/admin/books/gstr1.csv?period=${month}&section=b2cs`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
  });

  it('refuses a bad period and a shopper', async () => {
    const bad = await get('/api/admin/books/gstr1?period=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(GSTR1_PERIOD_MESSAGE);
    const shopper = await signUp(t.app, { name: 'Bela Iyer' });
    expect((await get(`/api/admin/books/gstr1?period=${month}`, shopper.cookie)).statusCode).toBe(403);
  });
});

describe('without SHOP_GSTIN', () => {
  it('explains that GSTR-1 is for a registered shop', async () => {
    const t = await createTestApp();
    try {
      const admin = await adminCookie(t);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/books/gstr1?period=2026-05',
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(NO_GSTIN_FOR_GSTR1);
    } finally {
      await t.close();
    }
  });
});
