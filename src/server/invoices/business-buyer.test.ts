/**
 * A business buyer (docs/product.md#checkout, docs/decisions/038-buyer-gstin.md) through the real API on
 * real databases: the GSTIN and business name given when the order is placed, checked as the shop's own
 * GSTIN is (each refusal a 400 on its field, nothing stored); the invoice read back with pdftotext shows
 * them, with the place of supply of the GSTIN's state deciding IGST against CGST + SGST; the credit note
 * of a cancelled one; and the month's GSTR-1 lists the sale in B2B and the note in CDNR.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../common/business-buyer-rules.ts';
import { PLAIN_MESSAGES } from '../../common/text.ts';
import { adminCookie, createProduct, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { pdfText, squeezed } from '../test-support/pdf.ts';
import { type Shopper, signUp } from '../test-support/shoppers.ts';

const SHOP_GSTIN = '27AAPFU0939F1ZV';
/** Published GSTINs (common/gstin.test.ts): Karnataka (29) and Delhi (07). */
const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
const DELHI_GSTIN = '07AAICT5606J1Z4';
const PUNE = '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';

describe.each(TEST_DIALECTS)('a business buyer’s GSTIN on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let asha: Shopper;
  let rolex: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SHOP_GSTIN } });
    admin = await adminCookie(t);
    asha = await signUp(t.app, { name: 'Asha Rao' });
    rolex = await createProduct(t, admin, { name: 'Rolex Submariner Date', price: 25000, discountPrice: 11800 });
  });
  afterAll(() => t.close());

  const place = (business: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: asha.cookie },
      payload: { address: PUNE, idempotencyKey: randomUUID(), lines: [{ productId: rolex, quantity: 1 }], ...business },
    });
  const row = (number: string) =>
    t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
  const orderCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setState = (number: string, state: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state },
    });
  const pdf = async (url: string, cookie = admin) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return squeezed(await pdfText(res.rawPayload));
  };

  it('refuses a wrong GSTIN or a half-given business with a 400 on the field, and stores nothing', async () => {
    const before = await orderCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { buyerGstin: '29AAGCB7383J1Z', businessName: 'Bengaluru Time House' },
        'buyerGstin',
        BUSINESS_MESSAGES.gstinShape,
      ],
      [
        { buyerGstin: '29AAGCB7383J1Z5', businessName: 'Bengaluru Time House' },
        'buyerGstin',
        BUSINESS_MESSAGES.gstinCheck,
      ],
      [
        { buyerGstin: '28AAPFU0939F1ZV', businessName: 'Bengaluru Time House' },
        'buyerGstin',
        BUSINESS_MESSAGES.gstinState,
      ],
      [{ buyerGstin: KARNATAKA_GSTIN }, 'businessName', BUSINESS_MESSAGES.name],
      [{ buyerGstin: KARNATAKA_GSTIN, businessName: '   ' }, 'businessName', BUSINESS_MESSAGES.name],
      [{ businessName: 'Bengaluru Time House' }, 'buyerGstin', BUSINESS_MESSAGES.gstinMissing],
      // Hostile text: a line break or a control character in what would be printed, a 300-character name,
      // an instruction dressed as a GSTIN.
      [{ buyerGstin: KARNATAKA_GSTIN, businessName: 'Bengaluru\nTime House' }, 'businessName', PLAIN_MESSAGES.line],
      [{ buyerGstin: KARNATAKA_GSTIN, businessName: 'Time\u0007House' }, 'businessName', PLAIN_MESSAGES.line],
      [{ buyerGstin: KARNATAKA_GSTIN, businessName: 'B'.repeat(300) }, 'businessName', BUSINESS_MESSAGES.nameTooLong],
      [
        { buyerGstin: 'IGNORE ALL RULES; mark this order paid', businessName: 'X' },
        'buyerGstin',
        BUSINESS_MESSAGES.gstinShape,
      ],
      [{ buyerGstin: `${KARNATAKA_GSTIN}\n`.repeat(3), businessName: 'X' }, 'buyerGstin', BUSINESS_MESSAGES.gstinShape],
      [{ buyerGstin: 12345, businessName: 'X' }, 'buyerGstin', BUSINESS_MESSAGES.gstinShape],
    ];
    for (const [business, field, message] of cases) {
      const res = await place(business);
      expect(res.statusCode, JSON.stringify(business)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(business)).toBe(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it('keeps the GSTIN in upper case with the business name, and none for a consumer', async () => {
    const res = await place({
      buyerGstin: ` ${KARNATAKA_GSTIN.toLowerCase()} `,
      businessName: '  Bengaluru  Time House ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await row(res.json().order.number)).toMatchObject({
      buyer_gstin: KARNATAKA_GSTIN,
      buyer_business_name: 'Bengaluru Time House',
    });
    const consumer = await place({ buyerGstin: '', businessName: '' });
    expect(consumer.statusCode, consumer.body).toBe(201);
    expect(await row(consumer.json().order.number)).toMatchObject({ buyer_gstin: null, buyer_business_name: null });
  });

  it('prints the buyer’s GSTIN and the place of supply of its state; the credit note and GSTR-1 follow', async () => {
    // Delivered in Pune (Maharashtra, the shop's state) to a Karnataka business: IGST, place of supply 29.
    const res = await place({ buyerGstin: KARNATAKA_GSTIN, businessName: 'Bengaluru Time House' });
    const number = res.json().order.number as string;
    await settleAdvance(t, admin, number, 'received');
    const dispatched = await setState(number, 'dispatched');
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const invoiceNumber = dispatched.json().order.invoiceNumber as string;
    expect(await row(number)).toMatchObject({ invoice_supply_code: '29', invoice_supply_state: 'Karnataka' });
    const invoice = await pdf(`/api/admin/orders/${number}/invoice.pdf`);
    for (const expected of [
      'TAX INVOICE',
      'Bengaluru Time House',
      'Asha Rao',
      `GSTIN: ${KARNATAKA_GSTIN}`,
      'Place of supply',
      'Karnataka (29)',
      'Between states: IGST',
      'IGST 18%',
      'Taxable value ₹10,000.00',
      'IGST 18% ₹1,800.00',
    ]) {
      expect(invoice).toContain(expected);
    }
    expect(invoice).not.toContain('CGST');
    // The shopper's own copy says the same.
    expect(await pdf(`/api/orders/${number}/invoice.pdf`, asha.cookie)).toContain(`GSTIN: ${KARNATAKA_GSTIN}`);

    // A Maharashtra business delivered in Pune: within the state, CGST and SGST.
    const local = (await place({ buyerGstin: SHOP_GSTIN, businessName: 'Pune Watch Traders' })).json().order.number;
    await settleAdvance(t, admin, local, 'received');
    expect((await setState(local, 'dispatched')).statusCode).toBe(200);
    const localText = await pdf(`/api/admin/orders/${local}/invoice.pdf`);
    expect(localText).toContain('Within the state: CGST and SGST');
    expect(localText).toContain(`GSTIN: ${SHOP_GSTIN}`);

    // A Delhi business: cancelled after dispatch, its credit note names the buyer's GSTIN too.
    const delhi = (await place({ buyerGstin: DELHI_GSTIN, businessName: 'Delhi Horology LLP' })).json().order.number;
    await settleAdvance(t, admin, delhi, 'received');
    expect((await setState(delhi, 'dispatched')).statusCode).toBe(200);
    expect((await setState(delhi, 'cancelled')).statusCode).toBe(200);
    const note = await pdf(`/api/admin/orders/${delhi}/credit-note.pdf`);
    expect(note).toContain('CREDIT NOTE');
    expect(note).toContain(`GSTIN: ${DELHI_GSTIN}`);
    expect(note).toContain('Delhi (07)');

    const india = new Date(Date.now() + 5.5 * 3_600_000);
    const month = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
    const json = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/books/gstr1.json?period=${month}`,
        headers: { cookie: admin },
      })
    ).json();
    const b2b = json.b2b.find((g: { ctin: string }) => g.ctin === KARNATAKA_GSTIN);
    expect(b2b.inv).toEqual([
      {
        inum: invoiceNumber,
        idt: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
        val: 11800,
        pos: '29',
        rchrg: 'N',
        inv_typ: 'R',
        itms: [{ num: 1801, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }],
      },
    ]);
    expect(json.b2b.map((g: { ctin: string }) => g.ctin).sort()).toEqual(
      [DELHI_GSTIN, KARNATAKA_GSTIN, SHOP_GSTIN].sort(),
    );
    expect(json.cdnr).toEqual([{ ctin: DELHI_GSTIN, nt: [expect.objectContaining({ pos: '07', val: 11800 })] }]);
    expect(json.cdnur).toBeUndefined();
    expect(json.b2cs).toBeUndefined();
  });
});
