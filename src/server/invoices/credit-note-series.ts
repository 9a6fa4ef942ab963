/**
 * Credit note numbers (docs/product.md#the-books-credit-notes-and-gstr-1): CGST Rule 53(1A)(b) asks
 * "a consecutive serial number not exceeding sixteen characters … unique for a financial year", as
 * Rule 46(b) does for invoices. Credit notes have their own series, beside the invoices':
 * PREFIX + "CN" / the year's four digits / five digits, e.g. TSWCN/2526/00001 (16 characters with a
 * three-character prefix). TSW/CN/25-26/000001 would read better but is 19 characters, over the
 * rule's limit; the year keeps its digits without the dash and the serial five digits (99,999
 * credit notes a year) so that it fits. The first part is always longer than the invoice prefix,
 * so a credit note's number can never equal an invoice's.
 *
 * The counter and its row lock are the invoices' (series.ts): consecutive, none twice, no gap,
 * across app processes.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import { financialYear, INVOICE_NUMBER_MAX, takeSeriesValue } from './series.ts';

const DIGITS = 5;

export function formatCreditNoteNumber(prefix: string, year: string, value: number): string {
  return `${prefix}CN/${year.replace('-', '')}/${String(value).padStart(DIGITS, '0')}`;
}

/** The series' next number for a credit note dated `at`; call inside the transaction that stores it. */
export async function nextCreditNoteNumber(trx: Transaction<Database>, prefix: string, at: string): Promise<string> {
  const year = financialYear(at);
  const value = await takeSeriesValue(trx, 'credit-note', year);
  const number = formatCreditNoteNumber(prefix, year, value);
  if (value >= 10 ** DIGITS || number.length > INVOICE_NUMBER_MAX) {
    throw new AppError(
      409,
      'credit_note_series_full',
      `The credit note series of ${year} is full: no more numbers fit.`,
    );
  }
  return number;
}
