/**
 * Pay in full on paper (issue 35 item 3; docs/decisions/061-pay-in-full-is-the-advance.md): the
 * discount comes off the lines before GST (CGST Act section 15(3)(a)) on the invoice and in GSTR-1,
 * the invoice says prepaid, and the label tells the courier not to collect. Figures worked by hand:
 * ₹10,699 + 2 × ₹1,000 = ₹12,699, ₹500 off, ₹12,199 paid. The discount's shares by the lines'
 * amounts: 1,069,900 × 50,000 ÷ 1,269,900 = 42,125.4 paise, 200,000 × 50,000 ÷ 1,269,900 = 7,874.6,
 * rounded down (42,125 + 7,874) and the paisa left to the larger line: ₹421.26 and ₹78.74. Lines
 * ₹10,277.74 and ₹1,921.26; inter-state at 18%: taxable ₹8,709.95 + IGST ₹1,567.79 and ₹1,628.19 +
 * ₹293.07.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountShares, invoiceTaxes } from '../../common/gst.ts';
import { periodInvoices } from '../books/gstr1/documents.ts';
import { parsePeriod } from '../books/gstr1/period.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { booksShopper, insertInvoicedOrders } from '../test-support/invoiced-orders.ts';
import { pdfText, readPdf, squeezed, TEST_SHOP, testPaperOrder } from '../test-support/pdf.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { cashHeading, labelsPdf } from './label-pdf.ts';

const LINES = [
  { name: 'Seiko Presage Cocktail Time', hsn: '9102', uqc: 'NOS', quantity: 1, unitPrice: 10_699 },
  { name: 'Casio Vintage A168', hsn: '9102', uqc: 'NOS', quantity: 2, unitPrice: 1_000 },
];
const PAID = 12_199;

describe('the discount for paying in full, before tax', () => {
  it('spreads the discount over the lines to the paisa, the larger line taking what rounding leaves', () => {
    expect(discountShares([1_069_900, 200_000], 50_000)).toEqual([42_126, 7_874]);
    expect(discountShares([100, 100], 0)).toEqual([0, 0]);
    // Never more than the lines hold.
    expect(discountShares([100, 50], 1_000)).toEqual([100, 50]);
  });

  it('taxes each line on what is left, and the lines add up to what was paid', () => {
    const taxes = invoiceTaxes(LINES, 1800, 'inter', 500);
    expect(taxes.lines.map((l) => [l.total, l.taxable, l.igst])).toEqual([
      [1_027_774, 870_995, 156_779],
      [192_126, 162_819, 29_307],
    ]);
    expect(taxes.totals).toMatchObject({ total: PAID * 100, taxable: 1_033_814, igst: 186_086 });
  });

  it('prints the discount, the taxed value after it and "Prepaid" on the invoice', async () => {
    const order = testPaperOrder({
      lines: LINES,
      total: PAID,
      inFullDiscount: 500,
      advanceAmount: PAID,
      advanceReceived: PAID,
      balance: 0,
    });
    const text = squeezed(await pdfText(await readPdf(invoicePdf(order, TEST_SHOP))));
    expect(text).toContain('Price of the watches ₹12,699.00');
    expect(text).toContain('Less discount, paid in full −₹500.00');
    expect(text).toContain('Taxable value ₹10,338.14');
    expect(text).toContain('IGST 18% ₹1,860.86');
    expect(text).toContain('Invoice total ₹12,199.00');
    expect(text).toContain('Prepaid by UPI ₹12,199.00');
    expect(text).toContain('Balance payable on delivery ₹0.00');
  });

  it('tells the courier not to collect on the label of an order paid in full', async () => {
    const order = testPaperOrder({ total: PAID, advanceReceived: PAID, balance: 0, lines: LINES });
    expect(cashHeading(order)).toBe('PREPAID: DO NOT COLLECT');
    const text = squeezed(await pdfText(await readPdf(labelsPdf([order], TEST_SHOP))));
    expect(text).toContain('PREPAID: DO NOT COLLECT');
    expect(text).toContain('COLLECT ₹0 (PAID)');
    expect(text).toContain('paid in full ₹12,199');
    expect(text).not.toContain('CASH ON DELIVERY');
    // A cash-on-delivery order keeps its strip.
    expect(cashHeading(testPaperOrder())).toBe('CASH ON DELIVERY: THE ONLY AMOUNT TO COLLECT');
  });
});

describe.each(TEST_DIALECTS)('GSTR-1 of an order paid in full on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.cleanup());

  it('reports the taxable value after the discount, as the invoice prints it', async () => {
    const userId = await booksShopper(database.db);
    await insertInvoicedOrders(database.db, userId, [
      {
        invoiceNumber: 'TSW/31-32/000001',
        invoiceDate: '2031-05-10T06:00:00.000Z',
        supplyCode: '29',
        rateBp: 1800,
        lines: LINES,
        inFullDiscount: 500,
      },
    ]);
    const documents = [];
    for await (const page of periodInvoices(database.db, parsePeriod('2031-05')!)) documents.push(...page);
    expect(documents).toHaveLength(1);
    expect(documents[0]!.totals).toMatchObject({ total: PAID * 100, taxable: 1_033_814, igst: 186_086 });
  });
});
