/**
 * GSTR-1 (docs/product.md#the-books-credit-notes-and-gstr-1): for random months of random invoices and
 * credit notes (fast-check), the return's taxable value and tax equal the sum of the month's invoices
 * minus its credit notes, to the paisa, on SQLite and PostgreSQL; each sale lands in its table (B2CS by
 * place of supply and rate, B2CL above the limit of its date, B2B with a buyer's GSTIN), and Table 13
 * gives each series' range. The random months carry refunds, kept advances and exchanges (a return's
 * credit note plus the replacement's invoice), and Money at a glance, the GSTR-1 summary and the credit
 * notes agree to the paisa (issue 36 item 4).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTaxes, taxKindFor } from '../../../common/gst.ts';
import { indiaDay } from '../../../common/india-time.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test-support/databases.ts';
import {
  BOOKS_SHOP_GSTIN,
  booksShopper,
  type InvoicedOrder,
  insertInvoicedOrders,
} from '../../test-support/invoiced-orders.ts';
import { moneyGlance, moneyPeriod, registerRows } from '../money/money-queries.ts';
import { b2clLimitPaise, Gstr1Builder, type Gstr1Return } from './build.ts';
import { gstr1Csv } from './csv.ts';
import { type Gstr1Document, periodCreditNotes, periodInvoices } from './documents.ts';
import { buildGstr1 } from './gstr1.ts';
import { gstr1Json } from './json.ts';
import { type Period, parsePeriod } from './period.ts';
import { gstr1Summary } from './summary.ts';

const MAY = parsePeriod('2026-05')!;

describe('the period', () => {
  it('runs India days and names the filing period MMYYYY', () => {
    expect(MAY).toMatchObject({ from: '2026-04-30T18:30:00.000Z', to: '2026-05-31T18:30:00.000Z', fp: '052026' });
    expect(parsePeriod('2026-27-Q4')).toMatchObject({
      from: '2026-12-31T18:30:00.000Z',
      to: '2027-03-31T18:30:00.000Z',
      fp: '032027',
    });
    expect(parsePeriod('2026-28-Q1')).toBeNull();
    expect(parsePeriod('2026-13')).toBeNull();
  });
});

/** The sums the return must come to: its tables, netted as the portal nets them. */
function exported(ret: Gstr1Return) {
  const sum = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  const take = (rows: Array<{ taxable: number; igst: number; cgst: number; sgst: number }>, sign: number) => {
    for (const r of rows) {
      sum.taxable += sign * r.taxable;
      sum.igst += sign * r.igst;
      sum.cgst += sign * r.cgst;
      sum.sgst += sign * r.sgst;
    }
  };
  take(ret.b2cs, 1);
  take(ret.b2cl, 1);
  take(ret.b2b, 1);
  take(ret.cdnr, -1);
  take(ret.cdnur, -1);
  return sum;
}

/** The same sums from the JSON file, in paise (it writes rupees with two decimals). */
function exportedJson(json: Record<string, any>) {
  const p = (r: number | undefined) => Math.round((r ?? 0) * 100);
  const sum = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  const take = (d: any, sign: number) => {
    sum.taxable += sign * p(d.txval);
    sum.igst += sign * p(d.iamt);
    sum.cgst += sign * p(d.camt);
    sum.sgst += sign * p(d.samt);
  };
  for (const r of json.b2cs ?? []) take(r, 1);
  for (const g of json.b2cl ?? []) for (const inv of g.inv) for (const i of inv.itms) take(i.itm_det, 1);
  for (const g of json.b2b ?? []) for (const inv of g.inv) for (const i of inv.itms) take(i.itm_det, 1);
  for (const g of json.cdnr ?? []) for (const n of g.nt) for (const i of n.itms) take(i.itm_det, -1);
  for (const n of json.cdnur ?? []) for (const i of n.itms) take(i.itm_det, -1);
  return sum;
}

const orderArb = (monthStart: number, days: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: days - 1 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      supplyCode: fc.constantFrom('27', '29', '07', '33'),
      rateBp: fc.constantFrom(1800, 1200, 500, 300),
      lines: fc.array(
        fc.record({ unitPrice: fc.integer({ min: 1, max: 250_000 }), quantity: fc.integer({ min: 1, max: 3 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      credit: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      // What became of a credited order's ₹300 advance (settlements/): refunded (paise), or kept.
      settle: fc.option(fc.oneof(fc.constant('kept' as const), fc.integer({ min: 1, max: 30_000 })), {
        nil: undefined,
      }),
      // An exchange: the return's credit note plus a new order's invoice on the same day.
      exchange: fc.option(
        fc.array(
          fc.record({ unitPrice: fc.integer({ min: 1, max: 250_000 }), quantity: fc.integer({ min: 1, max: 3 }) }),
          { minLength: 1, maxLength: 2 },
        ),
        { nil: undefined },
      ),
      // Some sales to registered businesses (B2B): their place of supply is their GSTIN's state.
      buyer: fc.option(fc.constantFrom('29AAGCB7383J1Z4', '07AAICT5606J1Z4', '27AAPFU0939F1ZV'), { nil: undefined }),
    })
    .map((o) => ({
      ...o,
      supplyCode: o.buyer ? o.buyer.slice(0, 2) : o.supplyCode,
      at: monthStart + (o.day * 1440 + o.minute) * 60_000,
    }));

describe('the builder, for random documents', () => {
  it('exports the invoices’ taxable value and tax minus the credit notes’, to the paisa', () => {
    const doc = fc.record({
      type: fc.constantFrom('invoice' as const, 'credit-note' as const),
      buyerGstin: fc.option(fc.constant('29AAGCB7383J1Z4'), { nil: null }),
      supplyCode: fc.constantFrom('27', '29', '07'),
      rateBp: fc.constantFrom(1800, 1200, 500),
      invoiceDate: fc.constantFrom('2024-07-15T10:00:00.000Z', '2026-05-15T10:00:00.000Z'),
      lines: fc.array(
        fc.record({ unitPrice: fc.integer({ min: 1, max: 300_000 }), quantity: fc.integer({ min: 1, max: 3 }) }),
        { minLength: 1, maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 40 }), (docs) => {
        const builder = new Gstr1Builder();
        const expected = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
        docs.forEach((d, i) => {
          const kind = taxKindFor(BOOKS_SHOP_GSTIN, d.supplyCode) as 'intra' | 'inter';
          const taxes = invoiceTaxes(d.lines, d.rateBp, kind);
          const sign = d.type === 'invoice' ? 1 : -1;
          expected.taxable += sign * taxes.totals.taxable;
          expected.igst += sign * taxes.totals.igst;
          expected.cgst += sign * taxes.totals.cgst;
          expected.sgst += sign * taxes.totals.sgst;
          const document: Gstr1Document = {
            type: d.type,
            number:
              d.type === 'invoice'
                ? `TSW/26-27/${String(i + 1).padStart(6, '0')}`
                : `TSWCN/2627/${String(i + 1).padStart(5, '0')}`,
            date: '2026-05-20T10:00:00.000Z',
            invoiceNumber: `TSW/26-27/${String(i + 1).padStart(6, '0')}`,
            invoiceDate: d.invoiceDate,
            orderNumber: `TSW-${10001 + i}`,
            buyerName: 'Test buyer',
            buyerGstin: d.buyerGstin,
            businessName: d.buyerGstin ? 'Bengal Traders' : null,
            supplyCode: d.supplyCode,
            rateBp: d.rateBp,
            kind,
            lines: d.lines.map((l, j) => ({ hsn: '9102', uqc: 'NOS', quantity: l.quantity, taxes: taxes.lines[j]! })),
            totals: taxes.totals,
          };
          builder.add(document);
        });
        const ret = builder.result();
        expect(exported(ret)).toEqual(expected);
        expect(exportedJson(gstr1Json(ret, BOOKS_SHOP_GSTIN, MAY))).toEqual(expected);
        // Table 12 nets the same amounts by HSN.
        const hsn = ret.hsn.reduce((s, r) => s + r.taxable, 0);
        expect(hsn).toBe(expected.taxable);
        // B2CL holds only inter-state sales to unregistered buyers above the limit of their date.
        for (const r of ret.b2cl) expect(r.value).toBeGreaterThan(b2clLimitPaise('2024-07-15T10:00:00.000Z') / 2.5);
        for (const r of ret.b2b) expect(r.ctin).not.toBeNull();
      }),
      { seed: 20_260_525, numRuns: 200 },
    );
  });
});

describe.each(TEST_DIALECTS)('GSTR-1 from the database on %s', (dialect) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    userId = await booksShopper(database.db);
  });
  afterAll(() => database.cleanup());

  it('names the buyer of an order kept without a name by its account, on the invoice and its credit note', async () => {
    const period = parsePeriod('2031-01')!;
    await insertInvoicedOrders(database.db, userId, [
      {
        invoiceNumber: 'TSW/30-31/900001',
        invoiceDate: '2031-01-10T06:00:00.000Z',
        supplyCode: '27',
        rateBp: 1800,
        lines: [{ unitPrice: 4049, quantity: 1 }],
        creditNote: { number: 'TSWCN/3031/90001', date: '2031-01-12T06:00:00.000Z' },
      },
    ]);
    const names: string[] = [];
    for await (const page of periodInvoices(database.db, period)) names.push(...page.map((d) => d.buyerName));
    for await (const page of periodCreditNotes(database.db, period)) names.push(...page.map((d) => d.buyerName));
    expect(names).toEqual(['Books Shopper', 'Books Shopper']);
  });

  /**
   * Money at a glance for the same month (issue 36 item 4): its GST by rate, the GSTR-1 summary's tables
   * and the credit notes in its register agree to the paisa; its advances kept and refunded are the
   * month's orders' own.
   */
  async function agreesWithMoneyAtAGlance(
    ret: Gstr1Return,
    period: Period,
    orders: InvoicedOrder[],
    expected: { taxable: number; igst: number; cgst: number; sgst: number },
  ) {
    const last = new Date(Date.parse(period.to) + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const glance = await moneyGlance(database.db, `${period.key}-01`, last);
    const gst = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
    for (const g of glance.gst) {
      gst.taxable += g.taxablePaise;
      gst.igst += g.igstPaise;
      gst.cgst += g.cgstPaise;
      gst.sgst += g.sgstPaise;
    }
    expect(gst, period.key).toEqual(expected);
    // The summary the owner reads: sales tables less credit-note tables (B2CS already net of its notes).
    const summary = gstr1Summary(ret, BOOKS_SHOP_GSTIN, period);
    const sign = (table: string) => (table === 'CDNR' || table === 'CDNUR' ? -1 : 1);
    const summed = summary.tables.reduce((sum, t) => sum + sign(t.table) * t.taxable, 0);
    expect(summed, period.key).toBe(expected.taxable);
    // The credit notes dated in the month, each the invoice reversed (its own line-by-line tax).
    const inPeriod = (iso: string | undefined) => !!iso && iso >= period.from && iso < period.to;
    const notes = orders.filter((o) => inPeriod(o.creditNote?.date));
    let credited = 0;
    for (const o of notes)
      credited += invoiceTaxes(o.lines, o.rateBp, taxKindFor(BOOKS_SHOP_GSTIN, o.supplyCode)).totals.total;
    let registered = 0;
    let registerNotes = 0;
    for await (const page of registerRows(database.db, moneyPeriod(`${period.key}-01`, last))) {
      for (const r of page.filter((row) => row.type === 'credit-note')) {
        registered -= r.totalPaise;
        registerNotes++;
      }
    }
    expect(registerNotes, period.key).toBe(notes.length);
    expect(registered, period.key).toBe(credited);
    // Advances kept and refunded, of the orders placed in the month.
    const placed = orders.filter((o) => inPeriod(o.invoiceDate));
    const refunds = placed.flatMap((o) => o.refunds ?? []);
    expect(glance.advances.refunded, period.key).toEqual({
      count: placed.filter((o) => (o.refunds ?? []).length > 0).length,
      paise: refunds.reduce((sum, r) => sum + r.amountPaise, 0),
    });
    const kept = placed.filter((o) => o.keptPaise);
    expect(glance.advances.kept, period.key).toEqual({ count: kept.length, paise: kept.length * 30_000 });
    // A credited order neither refunded in full nor kept is still to settle.
    // The advance received is the order's own, never above its total (common/advance.ts codMoney).
    const received = (o: InvoicedOrder) =>
      Math.min(
        300,
        o.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
      ) * 100;
    const open = placed.filter(
      (o) => o.creditNote && !o.keptPaise && (o.refunds ?? []).reduce((sum, r) => sum + r.amountPaise, 0) < received(o),
    );
    expect(glance.advances.toSettle.count, period.key).toBe(open.length);
  }

  it('equals, for random months, the month’s invoices minus its credit notes, to the paisa', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb(Date.parse('2027-04-30T18:30:00.000Z') - 20 * 86_400_000, 70), {
          minLength: 1,
          maxLength: 30,
        }),
        async (raw) => {
          // Each run its own financial year of series, so runs never share a number.
          run++;
          const fy = `${String(30 + run).padStart(2, '0')}-${String(31 + run).padStart(2, '0')}`;
          const yearShift = run * 365.25 * 86_400_000;
          const orders: InvoicedOrder[] = raw
            .map((o, i) => ({ o, at: o.at + yearShift, i }))
            .sort((a, b) => a.at - b.at)
            .flatMap(({ o, at }, serial) => {
              const creditAt = o.credit !== undefined ? at + o.credit * 86_400_000 : null;
              const paidOn = creditAt ? indiaDay(new Date(creditAt).toISOString()) : '';
              const first: InvoicedOrder = {
                invoiceNumber: `T${String(run).padStart(2, '0')}/${fy}/${String(serial + 1).padStart(6, '0')}`,
                invoiceDate: new Date(at).toISOString(),
                supplyCode: o.supplyCode,
                rateBp: o.rateBp,
                lines: o.lines,
                ...(o.buyer ? { buyer: { gstin: o.buyer, name: `Buyer ${o.buyer.slice(2, 7)}` } } : {}),
                ...(o.credit !== undefined
                  ? {
                      creditNote: {
                        number: `T${run}CN/${serial + 1}`,
                        date: new Date(at + o.credit * 86_400_000).toISOString(),
                      },
                    }
                  : {}),
                advanceReceived: true,
                ...(creditAt && typeof o.settle === 'number' ? { refunds: [{ amountPaise: o.settle, paidOn }] } : {}),
                ...(creditAt && o.settle === 'kept' ? { keptPaise: 30_000 } : {}),
              };
              if (!creditAt || !o.exchange || o.buyer) return [first];
              // The replacement: its own invoice, dated with the credit note, in the same series.
              const replacement: InvoicedOrder = {
                invoiceNumber: `T${String(run).padStart(2, '0')}/${fy}/${String(500_000 + serial).padStart(6, '0')}`,
                invoiceDate: new Date(creditAt).toISOString(),
                supplyCode: o.supplyCode,
                rateBp: o.rateBp,
                lines: o.exchange,
                advanceReceived: true,
              };
              return [first, replacement];
            });
          await insertInvoicedOrders(database.db, userId, orders);
          const first = new Date(Date.parse(orders[0]!.invoiceDate) + 5.5 * 3_600_000);
          for (let m = 0; m < 4; m++) {
            const month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1));
            const period = parsePeriod(
              `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`,
            )!;
            const inPeriod = (iso: string) => iso >= period.from && iso < period.to;
            const expected = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
            for (const o of orders) {
              const t = invoiceTaxes(o.lines, o.rateBp, taxKindFor(BOOKS_SHOP_GSTIN, o.supplyCode)).totals;
              for (const [sign, when] of [
                [1, o.invoiceDate],
                [-1, o.creditNote?.date],
              ] as const) {
                if (!when || !inPeriod(when)) continue;
                expected.taxable += sign * t.taxable;
                expected.igst += sign * t.igst;
                expected.cgst += sign * t.cgst;
                expected.sgst += sign * t.sgst;
              }
            }
            const ret = await buildGstr1(database.db, period);
            expect(exported(ret), period.key).toEqual(expected);
            // Every business sale of the month is listed in B2B, and each of its credit notes in CDNR.
            const b2b = orders.filter((o) => o.buyer && inPeriod(o.invoiceDate)).map((o) => o.invoiceNumber);
            const cdnr = orders.filter((o) => o.buyer && o.creditNote && inPeriod(o.creditNote.date));
            expect(ret.b2b.map((r) => r.number).sort(), period.key).toEqual(b2b.sort());
            expect(ret.cdnr.map((r) => r.invoiceNumber).sort(), period.key).toEqual(
              cdnr.map((o) => o.invoiceNumber).sort(),
            );
            expect(ret.cdnur.every((n) => n.ctin === null)).toBe(true);
            expect(exportedJson(gstr1Json(ret, BOOKS_SHOP_GSTIN, period)), period.key).toEqual(expected);
            await agreesWithMoneyAtAGlance(ret, period, orders, expected);
          }
        },
      ),
      { seed: 4_2026, numRuns: dialect === 'postgres' ? 6 : 10 },
    );
  });

  it('puts each sale in its table and lists each series’ range', async () => {
    const at = '2060-06-10T06:00:00.000Z';
    await insertInvoicedOrders(database.db, userId, [
      // Mumbai, within the shop's state: B2CS INTRA.
      {
        invoiceNumber: 'X/29-30/000001',
        invoiceDate: at,
        supplyCode: '27',
        rateBp: 1800,
        lines: [{ unitPrice: 10_699, quantity: 1 }],
      },
      // Karnataka, ₹1,50,000: above the 1 lakh limit: B2CL, and its credit note CDNUR.
      {
        invoiceNumber: 'X/29-30/000002',
        invoiceDate: at,
        supplyCode: '29',
        rateBp: 1800,
        lines: [{ unitPrice: 150_000, quantity: 1 }],
        creditNote: { number: 'XCN/2930/00001', date: '2060-06-12T06:00:00.000Z' },
      },
      // Karnataka, small: B2CS INTER; cancelled too: netted into the same row.
      {
        invoiceNumber: 'X/29-30/000003',
        invoiceDate: at,
        supplyCode: '29',
        rateBp: 1800,
        lines: [{ unitPrice: 5_000, quantity: 2, uqc: 'PRS', hsn: '91130000' }],
        creditNote: { number: 'XCN/2930/00002', date: '2060-06-13T06:00:00.000Z' },
      },
      {
        invoiceNumber: 'X/29-30/000004',
        invoiceDate: at,
        supplyCode: '29',
        rateBp: 1800,
        lines: [{ unitPrice: 2_000, quantity: 1 }],
      },
    ]);
    const period = parsePeriod('2060-06')!;
    const ret = await buildGstr1(database.db, period);
    const json = gstr1Json(ret, BOOKS_SHOP_GSTIN, period) as Record<string, any>;
    expect(json.gstin).toBe(BOOKS_SHOP_GSTIN);
    expect(json.fp).toBe('062060');
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 1694.92, iamt: 305.08, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 9066.94, camt: 816.03, samt: 816.03, csamt: 0 },
    ]);
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: 'X/29-30/000002',
            idt: '10-06-2060',
            val: 150000,
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 127118.64, iamt: 22881.36, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'XCN/2930/00001',
        nt_dt: '12-06-2060',
        val: 150000,
        pos: '29',
        itms: [{ num: 1801, itm_det: { rt: 18, txval: 127118.64, iamt: 22881.36, csamt: 0 } }],
      },
    ]);
    expect(json.b2b).toBeUndefined();
    expect(json.hsn.hsn_b2c.find((r: any) => r.hsn_sc === '91130000')).toMatchObject({
      desc: 'Watch straps, bands, bracelets',
      uqc: 'PRS',
      qty: 0,
      txval: 0,
    });
    expect(json.hsn.hsn_b2c.find((r: any) => r.hsn_sc === '9102')).toMatchObject({
      desc: 'Wrist-watches, pocket-watches',
      uqc: 'NOS',
      qty: 2,
    });
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'X/29-30/000001', to: 'X/29-30/000004', totnum: 4, cancel: 0, net_issue: 4 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'XCN/2930/00001', to: 'XCN/2930/00002', totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);
    expect(gstr1Csv(ret, 'b2cs')).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'OE,29-Karnataka,18,,1694.92,0.00,\r\n' +
        'OE,27-Maharashtra,18,,9066.94,0.00,\r\n',
    );
    expect(gstr1Csv(ret, 'hsn')).toContain(
      'B2C,91130000,"Watch straps, bands, bracelets",PRS-PAIRS,0,0.00,18,0.00,0.00,0.00,0.00,0.00',
    );
  });
  it('lists a business sale in B2B and its credit note in CDNR, never in B2CS, B2CL or CDNUR', async () => {
    const at = '2061-06-10T06:00:00.000Z';
    await insertInvoicedOrders(database.db, userId, [
      // A Karnataka business: IGST, B2B; cancelled a day later: CDNR.
      {
        invoiceNumber: 'Y/30-31/000001',
        invoiceDate: at,
        supplyCode: '29',
        rateBp: 1800,
        lines: [{ unitPrice: 11_800, quantity: 1 }],
        buyer: { gstin: '29AAGCB7383J1Z4', name: 'Bengaluru Time House' },
        creditNote: { number: 'YCN/3031/00001', date: '2061-06-11T06:00:00.000Z' },
      },
      // A Maharashtra business, the shop's own state: CGST and SGST, B2B; ₹2,36,000 is no B2CL.
      {
        invoiceNumber: 'Y/30-31/000002',
        invoiceDate: at,
        supplyCode: '27',
        rateBp: 1800,
        lines: [{ unitPrice: 118_000, quantity: 2 }],
        buyer: { gstin: '27AAPFU0939F1ZV', name: '=HYPERLINK("x") Traders' },
      },
    ]);
    const period = parsePeriod('2061-06')!;
    const ret = await buildGstr1(database.db, period);
    const json = gstr1Json(ret, BOOKS_SHOP_GSTIN, period) as Record<string, any>;
    expect(json.b2b).toEqual([
      {
        ctin: '29AAGCB7383J1Z4',
        inv: [
          {
            inum: 'Y/30-31/000001',
            idt: '10-06-2061',
            val: 11800,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }],
          },
        ],
      },
      {
        ctin: '27AAPFU0939F1ZV',
        inv: [
          {
            inum: 'Y/30-31/000002',
            idt: '10-06-2061',
            val: 236000,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 200000, camt: 18000, samt: 18000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnr).toEqual([
      {
        ctin: '29AAGCB7383J1Z4',
        nt: [
          {
            ntty: 'C',
            nt_num: 'YCN/3031/00001',
            nt_dt: '11-06-2061',
            val: 11800,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.b2cs).toBeUndefined();
    expect(json.b2cl).toBeUndefined();
    expect(json.cdnur).toBeUndefined();
    expect(json.hsn.hsn_b2c).toEqual([]);
    expect(json.hsn.hsn_b2b).toEqual([
      expect.objectContaining({
        hsn_sc: '9102',
        desc: 'Wrist-watches, pocket-watches',
        uqc: 'NOS',
        qty: 2,
        txval: 200000,
        iamt: 0,
        camt: 18000,
        samt: 18000,
      }),
    ]);
    // The CSV names the receiver; a name that a spreadsheet would run as a formula is written as text.
    expect(gstr1Csv(ret, 'b2b')).toContain(
      '29AAGCB7383J1Z4,Bengaluru Time House,Y/30-31/000001,10-Jun-2061,11800.00,29-Karnataka,N,,Regular B2B,,18,10000.00,0.00',
    );
    expect(gstr1Csv(ret, 'b2b')).toContain(`27AAPFU0939F1ZV,"'=HYPERLINK(""x"") Traders",Y/30-31/000002`);
    expect(gstr1Csv(ret, 'cdnr')).toContain(
      '29AAGCB7383J1Z4,Bengaluru Time House,YCN/3031/00001,11-Jun-2061,C,29-Karnataka',
    );
  });
});
