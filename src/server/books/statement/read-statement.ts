/**
 * A bank statement read line by line (docs/product.md "The books: advances from the bank
 * statement"): the header row found by its names (banks put the account's details above it), the
 * layout chosen from it (built in, or the owner's remembered mapping), then each transaction as
 * date, narration, reference, credit, debit and UTR. Nothing but the current line and a small
 * window for the proof's hash is held, so a 50,000-line statement reads in bounded memory.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { plainLine, truncate } from '../../../common/text.ts';
import { type CsvRecord, csvRecords, StatementFileError } from './csv-records.ts';
import {
  builtInLayout,
  type ColumnIndexes,
  type ColumnMapping,
  columnIndexes,
  headerKey,
  type Layout,
} from './layouts.ts';
import { utrOf } from './utr.ts';
import { amountPaise, creditOrDebit, statementDate } from './values.ts';

/** Rows looked at for the header (the account's details come first in every bank's export). */
const HEADER_SEARCH_ROWS = 60;
/** What is kept of a narration: the banks' own run to about 100 characters; anything longer is cut. */
export const NARRATION_MAX = 300;

export interface StatementLine {
  line: number;
  /** sha256 of the bank's own line and its count among equal lines of the same date: unique proof. */
  hash: string;
  date: string;
  narration: string;
  reference: string;
  creditPaise: number;
  debitPaise: number;
  utr: string | null;
}

export interface SkippedLine {
  line: number;
  message: string;
}

export type OpenedStatement =
  | {
      kind: 'layout';
      layout: Layout;
      header: string[];
      /** The statement's transactions, in file order. */
      lines: AsyncGenerator<StatementLine>;
      /** Lines under the header that were not transactions and not blank, known once `lines` is done. */
      skipped: { count: number; first: SkippedLine[] };
    }
  | { kind: 'unknown'; header: string[]; key: string; sample: string[][] };

/**
 * A header row of a layout we do not know: at least `min` named cells (a statement has four or more,
 * a remittance report two), none of them a number or date.
 */
export function looksLikeHeader(fields: string[], min = 4): boolean {
  const named = fields.map((f) => f.trim()).filter(Boolean);
  return named.length >= min && named.every((f) => amountPaise(f) === null && statementDate(f) === null);
}

/** What plainLine would change: a refused character, a space other than one between words. */
const NOT_PLAIN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\s\s|^\s|\s$|[^\S ]/u;

/** Cell text as kept: plain (no control or bidi characters), one line, cut to `max`. */
export function cell(fields: string[], at: number, max: number): string {
  if (at < 0) return '';
  const text = fields[at] ?? '';
  return truncate(NOT_PLAIN.test(text) ? plainLine(text) : text, max);
}

/**
 * Opens `input`: finds the header and its layout. `remembered` holds the owner's mappings by header
 * key. An unknown layout answers its header and a few rows for the mapping step, and reads no further.
 */
export async function openStatement(
  input: Readable,
  remembered: ReadonlyMap<string, ColumnMapping>,
): Promise<OpenedStatement> {
  const records = csvRecords(input);
  // An unknown layout's header: a header-like row right above a row with a date.
  let candidate: CsvRecord | null = null;
  let previous: CsvRecord | null = null;
  const sample: string[][] = [];
  let found: { layout: Layout; header: CsvRecord; indexes: ColumnIndexes } | null = null;
  for (let rows = 0; rows < HEADER_SEARCH_ROWS; rows++) {
    const next = await records.next();
    if (next.done) break;
    const record = next.value;
    const header = record.fields.map((f) => f.trim());
    const mapping = remembered.get(headerKey(header));
    const layout: Layout | null = mapping ? { name: 'Mapped by you', columns: mapping } : builtInLayout(header);
    const indexes = layout && columnIndexes(header, layout.columns);
    if (layout && indexes) {
      found = { layout, header: record, indexes };
      break;
    }
    if (candidate) {
      if (sample.length < 3) sample.push(record.fields.map((f) => cell([f], 0, 120)));
    } else if (previous && looksLikeHeader(previous.fields) && record.fields.some((f) => statementDate(f) !== null)) {
      candidate = previous;
      sample.push(record.fields.map((f) => cell([f], 0, 120)));
    }
    previous = record;
  }
  if (!found) {
    await records.return(undefined);
    if (!candidate) {
      throw new StatementFileError(
        'This file has no header row we can read: export the statement as CSV (comma-separated) from your bank.',
      );
    }
    const header = candidate.fields.map((f) => cell([f], 0, 120));
    return { kind: 'unknown', header, key: headerKey(candidate.fields.map((f) => f.trim())), sample };
  }
  const skipped = { count: 0, first: [] as SkippedLine[] };
  return {
    kind: 'layout',
    layout: found.layout,
    header: found.header.fields.map((f) => cell([f], 0, 120)),
    lines: transactions(records, found.layout, found.indexes, skipped),
    skipped,
  };
}

async function* transactions(
  records: AsyncGenerator<CsvRecord>,
  layout: Layout,
  at: ColumnIndexes,
  skipped: { count: number; first: SkippedLine[] },
): AsyncGenerator<StatementLine> {
  const skip = (line: number, message: string) => {
    skipped.count++;
    if (skipped.first.length < 20) skipped.first.push({ line, message });
  };
  // Equal lines (same date, narration, amounts, balance) are told apart by their count within the
  // date; the window is one date's lines, as statements run in date order.
  let windowDate = '';
  let seen = new Map<string, number>();
  for await (const record of records) {
    const f = record.fields;
    if (f.every((v) => v.trim() === '')) continue;
    const date = statementDate(f[at.date] ?? '');
    // Footers, totals and the bank's notes have no date: not transactions.
    if (!date) continue;
    let credit = amountPaise(f[at.credit] ?? '');
    let debit = at.debit >= 0 ? amountPaise(f[at.debit] ?? '') : 0;
    if (credit === null || debit === null) {
      skip(record.line, 'The amount is not a number');
      continue;
    }
    if (layout.columns.drCr) {
      const side = creditOrDebit(f[at.drCr] ?? '');
      if (!side) {
        skip(record.line, 'The Dr/Cr column says neither Dr nor Cr');
        continue;
      }
      if (side === 'debit') [credit, debit] = [0, credit];
    }
    if (credit === 0 && debit === 0) continue; // an opening or closing balance row
    if (date !== windowDate) {
      windowDate = date;
      seen = new Map();
    }
    const digest = createHash('sha256').update(record.raw).digest('hex');
    const nth = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, nth);
    const narration = cell(f, at.narration, NARRATION_MAX);
    const reference = cell(f, at.reference, 60);
    yield {
      line: record.line,
      hash: nth === 1 ? digest : createHash('sha256').update(`${digest}#${nth}`).digest('hex'),
      date,
      narration,
      reference,
      creditPaise: credit,
      debitPaise: debit,
      utr: credit > 0 ? utrOf(f[at.narration] ?? '', f[at.reference] ?? '') : null,
    };
  }
}
