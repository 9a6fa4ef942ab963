/** The screen's summary of a period's GSTR-1 (docs/product.md#the-books-credit-notes-and-gstr-1): one row per table. */
import type { Gstr1Summary } from '../../../common/schemas/gstr1.ts';
import type { Gstr1Return, Money } from './build.ts';
import type { Period } from './period.ts';

function total(rows: Money[]): Money {
  const sum = { value: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const r of rows) {
    sum.value += r.value;
    sum.taxable += r.taxable;
    sum.igst += r.igst;
    sum.cgst += r.cgst;
    sum.sgst += r.sgst;
  }
  return sum;
}

export function gstr1Summary(ret: Gstr1Return, gstin: string, period: Period): Gstr1Summary {
  const table = (name: string, title: string, rows: Money[]) => ({
    table: name,
    title,
    rows: rows.length,
    ...total(rows),
  });
  return {
    period: { key: period.key, label: period.label, fp: period.fp },
    gstin,
    tables: [
      table('B2B', 'B2B: invoices to registered buyers (4A)', ret.b2b),
      table('B2CL', 'B2CL: large inter-state invoices to consumers (5)', ret.b2cl),
      table('B2CS', 'B2CS: other sales to consumers, net of their credit notes (7)', ret.b2cs),
      table('CDNR', 'Credit notes to registered buyers (9B)', ret.cdnr),
      table('CDNUR', 'Credit notes to consumers, large inter-state (9B)', ret.cdnur),
    ],
    invoices: ret.invoices,
    creditNotes: ret.creditNotes,
    docs: ret.docs.map((d) => ({ nature: d.nature, from: d.from, to: d.to, total: d.total, cancelled: d.cancelled })),
  };
}
