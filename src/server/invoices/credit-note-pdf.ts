/**
 * The credit note as a PDF (docs/product.md#the-books-credit-notes-and-gstr-1; CGST Rule 53(1A)): drawn
 * as its invoice is (invoice-pdf.ts), from the same frozen order, so it carries what the rule asks: the
 * shop's name, address and GSTIN; "Credit Note"; its number and date; the buyer's name and address with
 * the state and its code; the number and date of the invoice it credits; the taxable value, rate and
 * tax of each line; the signature. Its amounts are the invoice's, line by line: it credits all of it;
 * under them, what the buyer actually paid (the advance, never the invoice's total).
 */
import type { Readable } from 'node:stream';
import { formatPaise } from '../../common/gst.ts';
import { formatDate } from '../../common/india-time.ts';
import type { Config } from '../config.ts';
import type { CreditNoteReason } from './credit-notes.ts';
import { paperPdf } from './invoice-pdf.ts';
import type { PaperOrder } from './queries.ts';

export const CREDIT_NOTE_REASON_WORDS: Record<CreditNoteReason, string> = {
  cancelled: 'Order cancelled after the invoice',
  returned: 'Parcel returned to the shop',
};

/** Rule 53(1A)(i) asks a signature and has no proviso like Rule 46(q)'s: the words say how it was issued. */
export const UNSIGNED_CREDIT_NOTE_WORDS =
  'This credit note is issued electronically under the Information Technology Act, 2000.';

export function creditNoteTitle(order: PaperOrder): string {
  return order.invoice?.gstin ? 'Credit Note' : 'Refund Note';
}

export function creditNotePdf(
  order: PaperOrder,
  shop: Config['shop'],
  options: { signature?: Buffer | null } = {},
): Readable {
  const { invoice, creditNote } = order;
  if (!invoice || !creditNote) throw new Error(`order ${order.number} has no credit note`);
  const reason = CREDIT_NOTE_REASON_WORDS[creditNote.reason as CreditNoteReason] ?? creditNote.reason;
  const title = creditNoteTitle(order);
  return paperPdf(order, shop, {
    title,
    facts: [
      [`${title} no.`, creditNote.number],
      [`${title} date`, formatDate(creditNote.date)],
      [invoice.gstin ? 'Against invoice no.' : 'Against receipt no.', invoice.number],
      [invoice.gstin ? 'Invoice date' : 'Receipt date', formatDate(invoice.date)],
      ['Order no.', order.number],
      ['Reason', reason],
    ],
    totalLabel: 'Total credited',
    // What the buyer really paid, by the one rule (common/advance.ts codMoney): the credit reverses the
    // invoice's value for the books, while the buyer paid only the advance (if any) and no cash on
    // delivery. What becomes of that advance is the order's own record, not this note's.
    closing: [
      ['Advance paid by the buyer', formatPaise(order.advanceReceived * 100)],
      ['Cash collected on delivery', formatPaise(0)],
    ],
    signature: options.signature ?? null,
    unsignedWords: UNSIGNED_CREDIT_NOTE_WORDS,
    continued: `${title} ${creditNote.number} (continued)`,
  });
}
