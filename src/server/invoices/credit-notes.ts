/**
 * Credit notes (docs/product.md#the-books-credit-notes-and-gstr-1; CGST Rule 53(1A), section 34 of the
 * CGST Act): an invoiced order that is cancelled, or whose parcel comes back, gets one credit note for
 * its whole invoice. Issued inside the transaction that changes the order (orders/order-changes.ts for
 * a cancellation, shipping's return to origin), so the state and its credit note commit together or
 * not at all; a rolled-back change gives its number back and the series keeps no gap.
 *
 * Nothing is copied but the number, date and reason: the lines, rate, GSTIN and place of supply are the
 * invoice's, frozen on the order at dispatch, so the credit note credits exactly what the invoice
 * charged, line by line, with the same CGST + SGST or IGST split (common/gst.ts).
 */
import type { Transaction } from 'kysely';
import type { Config } from '../config.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { lockOrderRow } from '../orders/lock.ts';
import { nextCreditNoteNumber } from './credit-note-series.ts';

export const CREDIT_NOTE_REASONS = ['cancelled', 'returned'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/**
 * Gives the order its credit note, once: answers its number (the one it already has, when called
 * again), or null when the order has no invoice (cancelled before dispatch: nothing to credit).
 * Takes the order's row lock, so two callers racing for one order give one credit note.
 */
export async function issueCreditNote(
  trx: Transaction<Database>,
  invoice: Pick<Config['invoice'], 'prefix'>,
  orderId: string,
  reason: CreditNoteReason,
  at: string = nowIso(),
): Promise<string | null> {
  const order = await lockOrderRow(trx, { id: orderId });
  if (!order?.invoice_number) return null;
  const existing = await creditNoteNumberOf(trx, orderId);
  if (existing) return existing;
  const number = await nextCreditNoteNumber(trx, invoice.prefix, at);
  await trx
    .insertInto('credit_notes')
    .values({ id: newId(), order_id: orderId, number, issued_at: at, reason })
    .execute();
  return number;
}

export async function creditNoteNumberOf(trx: Transaction<Database>, orderId: string): Promise<string | null> {
  const row = await trx.selectFrom('credit_notes').select('number').where('order_id', '=', orderId).executeTakeFirst();
  return row?.number ?? null;
}
