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
import { KEEP_REASON_WORDS, REFUND_REASON_WORDS, type Settlement } from '../../common/settlement.ts';
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
    // Apart from its value (the invoice reversed, for the books): what the buyer really paid, by the one
    // rule (common/advance.ts codPaid: a returned COD order's buyer paid the advance, never the invoice's
    // total), and what became of it, as the owner recorded it (settlements/; common/settlement.ts).
    closing: [
      ['Advance paid by the buyer', formatPaise(order.paid.advance * 100)],
      ['Cash collected on delivery', formatPaise(order.paid.onDelivery * 100)],
      ['Refunded to the buyer', formatPaise(order.settlement?.refundedPaise ?? 0)],
      ...(order.settlement?.keptReason
        ? ([['Advance kept by the shop', formatPaise(order.settlement.keptPaise)]] as Array<[string, string]>)
        : []),
    ],
    closingNotes: settlementNotes(order.settlement),
    signature: options.signature ?? null,
    unsignedWords: UNSIGNED_CREDIT_NOTE_WORDS,
    continued: `${title} ${creditNote.number} (continued)`,
  });
}

/** Under the amounts: each refund's date and reference, the case an advance was kept under, or what is left. */
function settlementNotes(s: Settlement | null): string[] {
  if (!s) return [];
  const notes = s.refunds.map(
    (r) =>
      `Refund of ${formatPaise(r.amountPaise)} paid on ${formatDate(`${r.paidOn}T06:30:00.000Z`)}, reference ${r.reference} (${REFUND_REASON_WORDS[r.reason].en}).`,
  );
  if (s.keptReason) notes.push(`Advance kept: ${KEEP_REASON_WORDS[s.keptReason].en}.`);
  else if (s.state === 'to-settle') notes.push('The advance is still to be refunded or kept under the shop’s policy.');
  return notes;
}
