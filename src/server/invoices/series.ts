/**
 * Invoice numbers (docs/product.md#invoice; CGST Rule 46(b)): one consecutive series per financial year
 * (April to March, India time), at most 16 characters: PREFIX/25-26/000123.
 *
 * The series is a counters row, `invoice:25-26`, made when the year's first invoice is given
 * (INSERT … ON CONFLICT DO NOTHING) and taken with UPDATE … RETURNING (db/counters.ts) inside the
 * dispatch's own transaction. The row lock that UPDATE takes is held to COMMIT, so dispatches in several app
 * processes queue one behind another and each reads the value the previous one committed: no number
 * twice. A dispatch that rolls back gives its number back with it: no gap. Unlike order numbers
 * (orders/order-number.ts) a sequence would not do on PostgreSQL: it leaves gaps, which an invoice
 * series may not have; dispatches are rare enough for the queue.
 */
import type { Transaction } from 'kysely';
import { indiaDay } from '../../common/india-time.ts';
import { takeCounter, takeCounterIfAny } from '../db/counters.ts';
import type { Database } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';

/** Six digits: 999,999 invoices a year; with a prefix of up to 3 characters the number is at most 16. */
const DIGITS = 6;
export const INVOICE_NUMBER_MAX = 16;

/** The financial year an instant falls in, India time: 31 Mar 2026 is "25-26", 1 Apr 2026 is "26-27". */
export function financialYear(iso: string): string {
  const [year, month] = indiaDay(iso).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

export function formatInvoiceNumber(prefix: string, year: string, value: number): string {
  return `${prefix}/${year}/${String(value).padStart(DIGITS, '0')}`;
}

/**
 * The next value of a year's series (the counters row `name:25-26`, made on its first use); call inside the
 * transaction that stores the document. Shared by invoices and credit notes (credit-note-series.ts).
 */
export async function takeSeriesValue(trx: Transaction<Database>, name: string, year: string): Promise<number> {
  const key = `${name}:${year}`;
  // The row exists but for the year's first number: taken at once, one statement.
  const taken = await takeCounterIfAny(trx, key);
  if (taken !== null) return taken;
  await trx
    .insertInto('counters')
    .values({ key, value: 0 })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return takeCounter(trx, key);
}

/** The series' next number for an invoice dated `at`; call inside the transaction that stores it. */
export async function nextInvoiceNumber(trx: Transaction<Database>, prefix: string, at: string): Promise<string> {
  const year = financialYear(at);
  const number = formatInvoiceNumber(prefix, year, await takeSeriesValue(trx, 'invoice', year));
  if (number.length > INVOICE_NUMBER_MAX) {
    // Rolls the dispatch back with its number: the series stays without a gap.
    throw new AppError(409, 'invoice_series_full', `The invoice series of ${year} is full: no more numbers fit.`);
  }
  return number;
}
