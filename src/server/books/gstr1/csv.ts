/**
 * GSTR-1 as CSV, one file per table, with the column headings of the offline tool's CSV templates
 * (docs/product.md#the-books-credit-notes-and-gstr-1): the accountant imports each into the tool's
 * section of the same name, or reads it. Place of supply is "29-Karnataka", dates "12-May-2026", units
 * "NOS-NUMBERS", amounts rupees with two decimals.
 */
import { gstStateByCode } from '../../../common/gst-states.ts';
import { hsnDescription } from '../../../common/hsn.ts';
import { uqcWithName } from '../../../common/uqc.ts';
import { type CsvCell, csvRupees, toCsv } from '../../leads/csv.ts';
import type { Gstr1Return, ListedNote } from './build.ts';

export const GSTR1_CSV_SECTIONS = ['b2cs', 'b2cl', 'b2b', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1CsvSection = (typeof GSTR1_CSV_SECTIONS)[number];

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Amounts and rates are number cells: a net negative month (more credited than sold) stays a number.
const money = csvRupees;
const rate = (rateBp: number) => rateBp / 100;
function day(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}
function pos(code: string): string {
  const state = gstStateByCode(code);
  return state ? `${code}-${state.name}` : code;
}

type Row = CsvCell[];

function noteRows(notes: ListedNote[], registered: boolean): Row[] {
  return notes.map((n) => [
    ...(registered ? [n.ctin, n.name ?? ''] : ['B2CL']),
    n.number,
    day(n.date),
    'C',
    pos(n.pos),
    ...(registered ? ['N', 'Regular B2B'] : []),
    money(n.value),
    '',
    rate(n.rateBp),
    money(n.taxable),
    money(0),
  ]);
}

export function gstr1Csv(ret: Gstr1Return, section: Gstr1CsvSection): string {
  const rows: Row[] = [];
  switch (section) {
    case 'b2cs':
      rows.push([
        'Type',
        'Place Of Supply',
        'Rate',
        'Applicable % of Tax Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ]);
      for (const r of ret.b2cs) rows.push(['OE', pos(r.pos), rate(r.rateBp), '', money(r.taxable), money(0), '']);
      break;
    case 'b2cl':
      rows.push([
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ]);
      for (const r of ret.b2cl)
        rows.push([
          r.number,
          day(r.date),
          money(r.value),
          pos(r.pos),
          '',
          rate(r.rateBp),
          money(r.taxable),
          money(0),
          '',
        ]);
      break;
    case 'b2b':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ]);
      for (const r of ret.b2b)
        rows.push([
          r.ctin,
          r.name ?? '',
          r.number,
          day(r.date),
          money(r.value),
          pos(r.pos),
          'N',
          '',
          'Regular B2B',
          '',
          rate(r.rateBp),
          money(r.taxable),
          money(0),
        ]);
      break;
    case 'cdnr':
      rows.push([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ]);
      rows.push(...noteRows(ret.cdnr, true));
      break;
    case 'cdnur':
      rows.push([
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ]);
      rows.push(...noteRows(ret.cdnur, false));
      break;
    case 'hsn':
      rows.push([
        'Type',
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ]);
      for (const r of ret.hsn) {
        rows.push([
          r.section.toUpperCase(),
          r.hsn,
          hsnDescription(r.hsn),
          uqcWithName(r.uqc),
          r.quantity,
          money(r.value),
          rate(r.rateBp),
          money(r.taxable),
          money(r.igst),
          money(r.cgst),
          money(r.sgst),
          money(0),
        ]);
      }
      break;
    case 'docs':
      rows.push(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']);
      for (const d of ret.docs) rows.push([d.nature, d.from, d.to, d.total, d.cancelled]);
      break;
  }
  return toCsv(rows);
}
