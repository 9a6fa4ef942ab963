/** A period's GSTR-1 from the database (docs/product.md#the-books-credit-notes-and-gstr-1), read a page at a time. */
import type { Db } from '../../db/tables.ts';
import { breathe } from '../../invoices/pdf-document.ts';
import { Gstr1Builder, type Gstr1Return } from './build.ts';
import { periodCreditNotes, periodInvoices } from './documents.ts';
import type { Period } from './period.ts';

export async function buildGstr1(db: Db, period: Period): Promise<Gstr1Return> {
  const builder = new Gstr1Builder();
  for (const source of [periodInvoices(db, period), periodCreditNotes(db, period)]) {
    for await (const page of source) {
      for (const doc of page) builder.add(doc);
      // Other requests run between pages: a year's return never holds the event loop for long.
      await breathe();
    }
  }
  return builder.result();
}
