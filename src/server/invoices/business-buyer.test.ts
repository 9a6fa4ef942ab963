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
const BENGALURU = '4, MG Road, near Trinity Circle, Bengaluru - 560001, Karnataka';
/** No pincode and no state's name: only the owner could say where it goes. */
const NOWHERE = 'Shop 3, Station Road, near the clock tower';

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

  const place = (business: Record<string, unknown>, address = PUNE) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: asha.cookie },
      payload: { address, idempotencyKey: randomUUID(), lines: [{ productId: rolex, quantity: 1 }], ...business },
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
  const setState = (number: string, state: string, supplyState?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state, ...(supplyState ? { supplyState } : {}) },
    });
  const gstr1OfThisMonth = async () => {
    const india = new Date(Date.now() + 5.5 * 3_600_000);
    const month = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/books/gstr1.json?period=${month}`,
      headers: { cookie: admin },
    });
    return res.json();
  };
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

    const json = await gstr1OfThisMonth();
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

  it('bills a business at its GSTIN’s state and prints where the watches go (IGST Act s.10(1)(b))', async () => {
    const dispatch = async (business: Record<string, unknown>, address: string) => {
      const number = (await place(business, address)).json().order.number as string;
      await settleAdvance(t, admin, number, 'received');
      const res = await setState(number, 'dispatched');
      expect(res.statusCode, res.body).toBe(200);
      return { number, invoiceNumber: res.json().order.invoiceNumber as string };
    };
    const between = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to));

    // A Karnataka business has its watch delivered in Pune (the shop's state): IGST to Karnataka, and the
    // invoice says where the parcel went, beside the address and under the place of supply (Rule 46(e), (p)).
    const away = await dispatch({ buyerGstin: KARNATAKA_GSTIN, businessName: 'Bengaluru Time House' }, PUNE);
    const awayText = await pdf(`/api/admin/orders/${away.number}/invoice.pdf`);
    expect(awayText).toContain('Billed to');
    expect(awayText).toContain('Shipped to');
    expect(awayText).toContain('Between states: IGST');
    expect(awayText).toContain('Delivered in Maharashtra (27) on the buyer’s direction');
    expect(between(awayText, 'Billed to', 'Shipped to')).toContain('State: Karnataka (29)');
    expect(between(awayText, 'Shipped to', '#')).toContain('State: Maharashtra (27)');
    expect(between(awayText, 'Shipped to', '#')).not.toContain('Karnataka (29)');

    // A Maharashtra business (the shop's own state) has it delivered in Bengaluru: CGST and SGST, place of
    // supply 27, though the parcel crosses a border; the shopper's copy and the credit note say the same.
    const home = await dispatch({ buyerGstin: SHOP_GSTIN, businessName: 'Pune Watch Traders' }, BENGALURU);
    expect(await row(home.number)).toMatchObject({ invoice_supply_code: '27', invoice_supply_state: 'Maharashtra' });
    const homeText = await pdf(`/api/orders/${home.number}/invoice.pdf`, asha.cookie);
    expect(homeText).toContain('Within the state: CGST and SGST');
    expect(homeText).toContain('Delivered in Karnataka (29) on the buyer’s direction');
    expect(between(homeText, 'Shipped to', '#')).toContain('State: Karnataka (29)');
    expect((await setState(home.number, 'cancelled')).statusCode).toBe(200);
    expect(await pdf(`/api/admin/orders/${home.number}/credit-note.pdf`)).toContain('Delivered in Karnataka (29)');

    // A consumer delivered in Bengaluru: the place of supply is where the parcel goes, with no such line.
    const consumer = await dispatch({}, BENGALURU);
    const consumerText = await pdf(`/api/admin/orders/${consumer.number}/invoice.pdf`);
    expect(consumerText).toContain('Billed and shipped to');
    expect(consumerText).toContain('Karnataka (29)');
    expect(consumerText).toContain('Between states: IGST');
    expect(consumerText).not.toContain('Delivered in');

    // An address naming no state: a business is billed at its GSTIN's state without asking the owner; a
    // consumer's dispatch still asks, and the owner's choice is the place of supply.
    const vague = await dispatch({ buyerGstin: DELHI_GSTIN, businessName: 'Delhi Horology LLP' }, NOWHERE);
    expect(await row(vague.number)).toMatchObject({ invoice_supply_code: '07' });
    expect(await pdf(`/api/admin/orders/${vague.number}/invoice.pdf`)).not.toContain('Delivered in');
    const asked = (await place({}, NOWHERE)).json().order.number as string;
    await settleAdvance(t, admin, asked, 'received');
    expect((await setState(asked, 'dispatched')).json().error.code).toBe('supply_state_unknown');
    const chosen = await setState(asked, 'dispatched', '29');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await row(asked)).toMatchObject({ invoice_supply_code: '29', invoice_supply_state: 'Karnataka' });

    // GSTR-1: each B2B invoice at its GSTIN's state, taxed as printed; the consumer's in B2CS at 29.
    const json = await gstr1OfThisMonth();
    const invoice = (inum: string) =>
      json.b2b
        .flatMap((g: { ctin: string; inv: Array<{ inum: string }> }) => g.inv.map((i) => ({ ctin: g.ctin, ...i })))
        .find((i: { inum: string }) => i.inum === inum);
    expect(invoice(away.invoiceNumber)).toMatchObject({
      ctin: KARNATAKA_GSTIN,
      pos: '29',
      itms: [{ itm_det: { txval: 10000, iamt: 1800 } }],
    });
    expect(invoice(home.invoiceNumber)).toMatchObject({
      ctin: SHOP_GSTIN,
      pos: '27',
      itms: [{ itm_det: { txval: 10000, camt: 900, samt: 900 } }],
    });
    expect(invoice(vague.invoiceNumber)).toMatchObject({ ctin: DELHI_GSTIN, pos: '07' });
    expect(json.b2cs).toEqual(expect.arrayContaining([expect.objectContaining({ pos: '29', sply_ty: 'INTER' })]));
  });
});
