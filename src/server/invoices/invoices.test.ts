/**
 * The paperwork through the real API on real databases (docs/product.md#invoice): the invoice given at
 * dispatch and read back as a PDF with pdftotext, the receipt without a GSTIN, the shopper's own copy,
 * and the packing slip with its shipping label.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesInWords } from '../../common/amount-words.ts';
import { formatPaise, invoiceTaxes } from '../../common/gst.ts';
import { formatDate } from '../../common/india-time.ts';
import { adminCookie, createProduct, settleAdvance } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { pdfPages, pdfText, squeezed } from '../test-support/pdf.ts';
import { type Shopper, signUp } from '../test-support/shoppers.ts';
import { supplyStateUnknownMessage } from './issue.ts';
import { cancelledLabel, noInvoiceYet, SHOPPER_NO_INVOICE_YET, unsettledLabel } from './routes.ts';
import { financialYear } from './series.ts';

const GSTIN = '27AAPFU0939F1ZV';
const SHOP = {
  SHOP_GSTIN: GSTIN,
  SHOP_LEGAL_NAME: 'Time Square Watches Private Limited',
  SHOP_ADDRESS: 'Shop 12, Crawford Market, Mumbai - 400001, Maharashtra',
  SHOP_PHONE: '9876543210',
};
const PUNE = '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
const BENGALURU = '4, Rose Villa, near Temple, Bengaluru - 560001, Karnataka';
const NOWHERE = 'Flat 3, Sunrise Apartments, near the big temple, MG Road';

interface Cast {
  t: TestApp;
  admin: string;
  asha: Shopper;
  bela: Shopper;
  rolex: string;
  seiko: string;
}

async function castOn(dialect: (typeof TEST_DIALECTS)[number], env: Record<string, string>): Promise<Cast> {
  const t = await createTestApp({ dialect, env });
  const admin = await adminCookie(t);
  const asha = await signUp(t.app, { name: 'Asha Rao' });
  const bela = await signUp(t.app, { name: 'Bela Iyer' });
  const rolex = await createProduct(t, admin, { name: 'Rolex Submariner Date', price: 25000, discountPrice: 19999 });
  const seiko = await createProduct(t, admin, {
    name: 'Seiko Presage Cocktail Time',
    brand: 'Seiko',
    price: 9000,
    discountPrice: 7499,
  });
  // A tariff code of its own, to show the order keeps the product's code as it was.
  await t.app.db.updateTable('products').set({ hsn_code: '91021100' }).where('id', '=', seiko).execute();
  return { t, admin, asha, bela, rolex, seiko };
}

function api(c: Cast) {
  const as = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    c.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  return {
    as,
    /** The shopper orders these lines to this address; answers the order number. */
    async order(shopper: Shopper, address: string, lines: Array<[string, number]>): Promise<string> {
      const res = await as(shopper.cookie, 'POST', '/api/orders', {
        address,
        idempotencyKey: randomUUID(),
        lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
      });
      if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
      return res.json().order.number;
    },
    setState: (number: string, state: string, supplyState?: string) =>
      as(c.admin, 'PATCH', `/api/admin/orders/${number}/state`, { state, ...(supplyState ? { supplyState } : {}) }),
    /** Marks the advance received and dispatches; answers the invoice number. */
    async dispatch(number: string): Promise<string> {
      await settleAdvance(c.t, c.admin, number, 'received');
      const res = await as(c.admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'dispatched' });
      if (res.statusCode !== 200) throw new Error(`dispatch failed: ${res.body}`);
      return res.json().order.invoiceNumber;
    },
    row: (number: string) =>
      c.t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow(),
    pdf: async (cookie: string | null, url: string) => {
      const res = await as(cookie, 'GET', url);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      return res.rawPayload;
    },
  };
}

describe.each(TEST_DIALECTS)('GST invoices on %s', (dialect) => {
  let c: Cast;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    c = await castOn(dialect, SHOP);
    a = api(c);
  });
  afterAll(() => c.t.close());

  it('keeps the buyer’s name and each line’s HSN code when the order is placed', async () => {
    const number = await a.order(c.asha, PUNE, [
      [c.rolex, 1],
      [c.seiko, 2],
    ]);
    const row = await a.row(number);
    expect(row.buyer_name).toBe('Asha Rao');
    const lines = await c.t.app.db
      .selectFrom('order_lines')
      .select(['product_name', 'hsn_code'])
      .where('order_id', '=', row.id)
      .orderBy('line_no')
      .execute();
    expect(lines).toEqual([
      { product_name: 'Rolex Submariner Date', hsn_code: '9102' },
      { product_name: 'Seiko Presage Cocktail Time', hsn_code: '91021100' },
    ]);
  });

  it('gives no invoice before the order is dispatched', async () => {
    const number = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    await settleAdvance(c.t, c.admin, number, 'received');
    expect((await a.setState(number, 'packed')).json().order.invoiceNumber).toBeNull();
    const admin = await a.as(c.admin, 'GET', `/api/admin/orders/${number}/invoice.pdf`);
    expect(admin.statusCode).toBe(404);
    expect(admin.json().error.message).toBe(noInvoiceYet(number));
    const own = await a.as(c.asha.cookie, 'GET', `/api/orders/${number}/invoice.pdf`);
    expect(own.statusCode).toBe(404);
    expect(own.json().error.message).toBe(SHOPPER_NO_INVOICE_YET);
    expect((await a.row(number)).invoice_number).toBeNull();
    const mine = (await a.as(c.asha.cookie, 'GET', '/api/orders?view=all')).json().orders;
    expect(mine.find((o: { number: string }) => o.number === number).invoiceNumber).toBeNull();
  });

  it('gives the invoice at dispatch from the year’s series, with the tax facts frozen beside it', async () => {
    const number = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    const before = Date.now();
    const invoiceNumber = await a.dispatch(number);
    const row = await a.row(number);
    expect(invoiceNumber).toMatch(new RegExp(`^TSW/${financialYear(new Date(before).toISOString())}/0000\\d\\d$`));
    expect(invoiceNumber.length).toBeLessThanOrEqual(16);
    expect(row).toMatchObject({
      invoice_number: invoiceNumber,
      invoice_gstin: GSTIN,
      invoice_supply_state: 'Maharashtra',
      invoice_supply_code: '27',
    });
    expect(Number(row.invoice_rate_bp)).toBe(1800);
    expect(Date.parse(row.invoice_date!)).toBeGreaterThanOrEqual(before - 1000);
    // The admin list and the shopper's order name it.
    const listed = (await a.as(c.admin, 'GET', `/api/admin/orders?q=${number}`)).json();
    expect(listed.items[0].invoiceNumber).toBe(invoiceNumber);
    expect(listed.gstin).toBe(GSTIN);
    const own = (await a.as(c.asha.cookie, 'GET', `/api/orders/${number}`)).json().order;
    expect(own.invoiceNumber).toBe(invoiceNumber);
  });

  it('prints a tax invoice with every field Rule 46 asks for: CGST and SGST within the state', async () => {
    const number = await a.order(c.asha, PUNE, [
      [c.rolex, 1],
      [c.seiko, 2],
    ]);
    const invoiceNumber = await a.dispatch(number);
    const row = await a.row(number);
    const text = squeezed(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`)));
    const taxes = invoiceTaxes(
      [
        { unitPrice: 19999, quantity: 1 },
        { unitPrice: 7499, quantity: 2 },
      ],
      1800,
      'intra',
    );
    const expected = [
      'TAX INVOICE',
      SHOP.SHOP_LEGAL_NAME,
      SHOP.SHOP_ADDRESS,
      `GSTIN: ${GSTIN}`,
      'State: Maharashtra (27)',
      `Invoice no.: ${invoiceNumber}`,
      `Invoice date: ${formatDate(row.invoice_date!)}`,
      `Order no.: ${number}`,
      'Asha Rao',
      '12, Lotus Residency, near City Mall, Pune - 411001,',
      `Phone: ${c.asha.number}`,
      'Place of supply',
      'Maharashtra (27)',
      'Within the state: CGST and SGST',
      'Tax payable on reverse charge: No',
      'CGST 9%',
      'SGST 9%',
      // Each line: description, HSN, quantity, taxable value, rate, CGST, SGST, total.
      `1 Rolex Submariner Date 9102 1 NOS ${formatPaise(taxes.lines[0]!.taxable)} 18% ${formatPaise(taxes.lines[0]!.cgst)} ${formatPaise(taxes.lines[0]!.sgst)} ₹19,999.00`,
      `2 Seiko Presage Cocktail Time 91021100 2 NOS ${formatPaise(taxes.lines[1]!.taxable)} 18% ${formatPaise(taxes.lines[1]!.cgst)} ${formatPaise(taxes.lines[1]!.sgst)} ₹14,998.00`,
      `Taxable value ${formatPaise(taxes.totals.taxable)}`,
      `CGST 9% ${formatPaise(taxes.totals.cgst)}`,
      `SGST 9% ${formatPaise(taxes.totals.sgst)}`,
      'Invoice total ₹34,997.00',
      `Amount in words: ${rupeesInWords(3_499_700)}`,
      'Advance received ₹300.00',
      'Balance payable on delivery ₹34,697.00',
      `For ${SHOP.SHOP_LEGAL_NAME}`,
      'Authorised signatory',
      // No signature set: the words of Rule 46(q)'s proviso for an electronically issued invoice.
      'issued electronically under the Information Technology Act, 2000',
    ];
    for (const phrase of expected) expect(text, phrase).toContain(phrase);
    expect(text).not.toContain('IGST');
    expect(taxes.totals.taxable + taxes.totals.cgst + taxes.totals.sgst).toBe(3_499_700);
  });

  it('charges IGST when the watches go to another state', async () => {
    const number = await a.order(c.bela, BENGALURU, [[c.seiko, 3]]);
    await a.dispatch(number);
    const text = squeezed(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`)));
    const taxes = invoiceTaxes([{ unitPrice: 7499, quantity: 3 }], 1800, 'inter');
    for (const phrase of [
      'Bela Iyer',
      'State: Karnataka (29)',
      'Between states: IGST',
      `IGST 18% ${formatPaise(taxes.totals.igst)}`,
      `Taxable value ${formatPaise(taxes.totals.taxable)}`,
      'Invoice total ₹22,497.00',
      'Rupees Twenty Two Thousand Four Hundred Ninety Seven Only',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).not.toContain('CGST');
  });

  it('never gives an invoice twice: a dispatched, cancelled order keeps its number beside its credit note, the next takes the next', async () => {
    const first = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    const firstInvoice = await a.dispatch(first);
    const cancelled = await a.setState(first, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.creditNoteNumber).toMatch(/^TSWCN\/\d{4}\/\d{5}$/);
    expect((await a.row(first)).invoice_number).toBe(firstInvoice);
    // Cancelled after its invoice, the shopper keeps the invoice beside its credit note; so does the owner.
    await a.pdf(c.asha.cookie, `/api/orders/${first}/invoice.pdf`);
    await a.pdf(c.admin, `/api/admin/orders/${first}/invoice.pdf`);
    // The credit note cancels the invoice: the order cannot go out again under it.
    expect((await a.setState(first, 'dispatched')).statusCode).toBe(409);
    expect((await a.row(first)).invoice_number).toBe(firstInvoice);
    const second = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    const secondInvoice = await a.dispatch(second);
    const serial = (n: string) => Number(n.split('/')[2]);
    expect(serial(secondInvoice)).toBe(serial(firstInvoice) + 1);
    // Delivered straight from packed: the watches left, so the order has its invoice too.
    const third = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    await settleAdvance(c.t, c.admin, third, 'waived', 'Known customer');
    expect((await a.setState(third, 'delivered')).json().order.invoiceNumber).toBe(
      secondInvoice.replace(/\d+$/, String(serial(secondInvoice) + 1).padStart(6, '0')),
    );
  });

  it('asks the owner for the delivery state when the address names none, changing nothing until then', async () => {
    const number = await a.order(c.asha, NOWHERE, [[c.rolex, 1]]);
    await settleAdvance(c.t, c.admin, number, 'received');
    const counter = async () =>
      (await c.t.app.db.selectFrom('counters').selectAll().where('key', 'like', 'invoice:%').execute()).map((r) => ({
        ...r,
        value: Number(r.value),
      }));
    const before = { row: await a.row(number), counters: await counter() };
    const refused = await a.setState(number, 'dispatched');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'supply_state_unknown', message: supplyStateUnknownMessage(number) });
    expect({ row: await a.row(number), counters: await counter() }).toEqual(before);
    // A state code that does not exist is refused as bad input.
    const bad = await a.setState(number, 'dispatched', '25');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose the state the order is delivered to');
    const chosen = await a.setState(number, 'dispatched', '29');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await a.row(number)).toMatchObject({ invoice_supply_state: 'Karnataka', invoice_supply_code: '29' });
    const text = squeezed(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`)));
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('IGST 18%');
  });

  it('lets the shopper download their own invoice; another shopper’s order answers as a missing one', async () => {
    const number = await a.order(c.bela, BENGALURU, [[c.rolex, 1]]);
    const invoiceNumber = await a.dispatch(number);
    const own = await a.as(c.bela.cookie, 'GET', `/api/orders/${number}/invoice.pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toBe(
      `inline; filename="invoice-${invoiceNumber.replaceAll('/', '-')}.pdf"`,
    );
    expect(squeezed(await pdfText(own.rawPayload))).toContain(`Invoice no.: ${invoiceNumber}`);
    const theirs = await a.as(c.asha.cookie, 'GET', `/api/orders/${number}/invoice.pdf`);
    const missing = await a.as(c.asha.cookie, 'GET', '/api/orders/TSW-999999/invoice.pdf');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await a.as(null, 'GET', `/api/orders/${number}/invoice.pdf`)).statusCode).toBe(401);
    expect((await a.as(c.admin, 'GET', `/api/orders/${number}/invoice.pdf`)).statusCode).toBe(401);
  });

  it('reprints the same invoice after the shop’s GST settings change', async () => {
    const number = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    await a.dispatch(number);
    const before = await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`));
    const saved = { ...c.t.config.invoice };
    Object.assign(c.t.config.invoice, { gstin: undefined, rateBp: 500 });
    try {
      expect(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`))).toBe(before);
    } finally {
      Object.assign(c.t.config.invoice, saved);
    }
  });

  it('prints a label with the address, phone, barcode number, watches, return address and the cash to collect', async () => {
    const number = await a.order(c.bela, BENGALURU, [
      [c.rolex, 1],
      [c.seiko, 2],
    ]);
    await settleAdvance(c.t, c.admin, number, 'received');
    const pages = await pdfPages(await a.pdf(c.admin, `/api/admin/orders/${number}/label.pdf`));
    expect(pages).toHaveLength(1);
    const text = squeezed(pages[0]!);
    for (const phrase of [
      'SHIP TO',
      'Bela Iyer',
      '4, Rose Villa, near Temple, Bengaluru - 560001,',
      `Phone: ${c.bela.number}`,
      'CASH ON DELIVERY',
      // ₹19,999 + 2 × ₹7,499 = ₹34,997, less the ₹300 advance received.
      'COLLECT ₹34,697',
      'Order total ₹34,997 · advance received ₹300',
      number,
      'PACKING SLIP: 3 WATCHES',
      '1 × Rolex Submariner Date',
      '2 × Seiko Presage Cocktail Time',
      'IF UNDELIVERED, RETURN TO',
      `${SHOP.SHOP_LEGAL_NAME}, Shop 12, Crawford Market,`,
      'Phone 9876543210',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    // A waived advance was never paid: the courier collects the whole total.
    const waived = await a.order(c.bela, BENGALURU, [[c.seiko, 1]]);
    await settleAdvance(c.t, c.admin, waived, 'waived', 'Paid in the shop');
    expect(squeezed(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${waived}/label.pdf`)))).toContain(
      'COLLECT ₹7,499',
    );
  });

  it('has no label for an order before its advance is settled, nor for a cancelled one', async () => {
    const number = await a.order(c.asha, PUNE, [[c.rolex, 1]]);
    const early = await a.as(c.admin, 'GET', `/api/admin/orders/${number}/label.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(unsettledLabel(number, 300));
    await settleAdvance(c.t, c.admin, number, 'received');
    await a.setState(number, 'cancelled');
    const cancelled = await a.as(c.admin, 'GET', `/api/admin/orders/${number}/label.pdf`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(cancelledLabel(number));
    expect((await a.as(c.admin, 'GET', '/api/admin/orders/TSW-999999/label.pdf')).statusCode).toBe(404);
  });

  it('prints the labels of several orders as one PDF, one page each in the order asked', async () => {
    const numbers = [];
    for (const shopper of [c.asha, c.bela, c.asha]) {
      const number = await a.order(shopper, shopper === c.asha ? PUNE : BENGALURU, [[c.seiko, 1]]);
      await settleAdvance(c.t, c.admin, number, 'received');
      numbers.push(number);
    }
    const asked = [numbers[2]!, numbers[0]!, numbers[1]!];
    const pages = await pdfPages(await a.pdf(c.admin, `/api/admin/orders/labels.pdf?numbers=${asked.join(',')}`));
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(asked[i]);
      expect(page).toContain(i === 2 ? 'Bela Iyer' : 'Asha Rao');
    });
    const bad = await a.as(c.admin, 'GET', '/api/admin/orders/labels.pdf?numbers=TSW-1,;drop');
    expect(bad.statusCode).toBe(400);
    const tooMany = Array.from({ length: 41 }, (_, i) => `TSW-${90000 + i}`).join(',');
    expect((await a.as(c.admin, 'GET', `/api/admin/orders/labels.pdf?numbers=${tooMany}`)).statusCode).toBe(400);
    const unknown = await a.as(c.admin, 'GET', `/api/admin/orders/labels.pdf?numbers=${numbers[0]},TSW-999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('These orders do not exist: TSW-999999');
    const unsettled = await a.order(c.asha, PUNE, [[c.seiko, 1]]);
    const refused = await a.as(c.admin, 'GET', `/api/admin/orders/labels.pdf?numbers=${numbers[0]},${unsettled}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(unsettledLabel(unsettled, 300));
  });
});

describe('a shop without a GSTIN', () => {
  let c: Cast;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    c = await castOn('sqlite', { SHOP_LEGAL_NAME: SHOP.SHOP_LEGAL_NAME });
    a = api(c);
  });
  afterAll(() => c.t.close());

  it('prints a receipt without tax lines, and an address without a state does not stop the dispatch', async () => {
    const number = await a.order(c.asha, NOWHERE, [
      [c.rolex, 1],
      [c.seiko, 1],
    ]);
    const invoiceNumber = await a.dispatch(number);
    expect(await a.row(number)).toMatchObject({
      invoice_gstin: null,
      invoice_rate_bp: null,
      invoice_supply_code: null,
    });
    expect((await a.as(c.admin, 'GET', '/api/admin/orders')).json().gstin).toBeNull();
    const text = squeezed(await pdfText(await a.pdf(c.admin, `/api/admin/orders/${number}/invoice.pdf`)));
    for (const phrase of [
      'RECEIPT',
      `Receipt no.: ${invoiceNumber}`,
      'Asha Rao',
      '1 Rolex Submariner Date 1 NOS ₹19,999.00 ₹19,999.00',
      '2 Seiko Presage Cocktail Time 1 NOS ₹7,499.00 ₹7,499.00',
      'Total ₹27,498.00',
      'Rupees Twenty Seven Thousand Four Hundred Ninety Eight Only',
      'Advance received ₹300.00',
      'Balance payable on delivery ₹27,198.00',
      'Authorised signatory',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    for (const absent of ['TAX INVOICE', 'GSTIN', 'CGST', 'SGST', 'IGST', 'Taxable value', 'Place of supply', 'HSN']) {
      expect(text, absent).not.toContain(absent);
    }
  });
});
