/**
 * Money at a glance as CSV for the accountant (docs/product.md "Money at a glance"): the figures,
 * GST by rate, the sales register (every invoice and credit note of the range) and the COD
 * remittances received for the range's orders. Written with the leads' CSV writer
 * (leads/csv.ts toCsv), which neutralises cells a spreadsheet would run as a formula: buyer names
 * are shoppers' text and remittance cells are the courier's.
 */
import { formatRate } from '../../../common/gst.ts';
import { MONEY_FIGURES } from '../../../common/money-figures.ts';
import type { MoneyGlance } from '../../../common/schemas/money.ts';
import type { Db } from '../../db/tables.ts';
import { type CsvCell, csvRupees, toCsv } from '../../leads/csv.ts';
import { moneyPeriod, registerRows } from './money-queries.ts';

// Amounts are number cells: a negative figure (more credited than sold) stays a number.
const rupees = csvRupees;
type Row = CsvCell[];

export async function moneyCsv(db: Db, glance: MoneyGlance): Promise<string> {
  const rows: Row[] = [
    ['Money at a glance', `${glance.from} to ${glance.to}`],
    [],
    ['Figure', 'Count', 'Amount (INR)'],
    ...MONEY_FIGURES.map((f) => [f.label, f.count?.(glance) ?? '', rupees(f.paise(glance))]),
    [],
    ['GST by rate (invoices less credit notes)', 'Taxable', 'CGST', 'SGST', 'IGST'],
    ...glance.gst.map((g) => [
      formatRate(g.rateBp),
      rupees(g.taxablePaise),
      rupees(g.cgstPaise),
      rupees(g.sgstPaise),
      rupees(g.igstPaise),
    ]),
    [],
    [
      'Sales register: type',
      'Number',
      'Date',
      'Invoice',
      'Order',
      'Buyer',
      'Place of supply',
      'Rate',
      'Taxable',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
  ];
  for await (const page of registerRows(db, moneyPeriod(glance.from, glance.to))) {
    for (const r of page) {
      rows.push([
        r.type === 'invoice' ? 'Invoice' : 'Credit note',
        r.number,
        r.date.slice(0, 10),
        r.invoiceNumber,
        r.order,
        r.buyer,
        r.supplyCode,
        formatRate(r.rateBp),
        rupees(r.taxablePaise),
        rupees(r.cgstPaise),
        rupees(r.sgstPaise),
        rupees(r.igstPaise),
        rupees(r.totalPaise),
      ]);
    }
  }
  const period = moneyPeriod(glance.from, glance.to);
  const remitted = await db
    .selectFrom('remittance_lines as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.number', 'r.awb', 'r.order_ref', 'r.remitted_paise', 'r.remitted_on', 'r.reference'])
    .where('o.created_at', '>=', period.from)
    .where('o.created_at', '<', period.to)
    .orderBy('o.number')
    .orderBy('r.line_no')
    .execute();
  rows.push([], ['COD remitted: order', 'AWB', 'Courier’s order ref', 'Amount', 'Date', 'UTR / CRF']);
  for (const r of remitted) {
    rows.push([r.number, r.awb, r.order_ref, rupees(Number(r.remitted_paise)), r.remitted_on, r.reference]);
  }
  return toCsv(rows);
}
