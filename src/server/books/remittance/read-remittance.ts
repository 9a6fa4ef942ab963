/**
 * A courier's COD remittance report read line by line (docs/product.md "COD remittance"), through
 * the bank statement's CSV reader (books/statement/csv-records.ts) and its amount and date readers:
 * one way to read a CSV in the shop. The header row is found by its names (a report may have a title
 * above it), or by the owner's mapping of a layout we do not know; each line gives the AWB, the courier's order reference, the amount remitted in paise,
 * the date and the UTR. Cells are kept plain (no control or bidi characters) and short.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AWB_PATTERN } from '../../../common/couriers.ts';
import { type CsvRecord, csvRecords, StatementFileError } from '../statement/csv-records.ts';
import { headerKey } from '../statement/layouts.ts';
import { cell, looksLikeHeader } from '../statement/read-statement.ts';
import { amountPaise, statementDate } from '../statement/values.ts';
import {
  mappedIndexes,
  type RemittanceIndexes,
  type RemittanceLayout,
  type RemittanceMapping,
  remittanceLayout,
} from './layouts.ts';

/** Rows looked at for the header. */
const HEADER_SEARCH_ROWS = 30;
/** Lines of one report: a courier remits weekly; a year of a busy shop's AWBs is far fewer. */
export const MAX_REMITTANCE_LINES = 50_000;

export const NO_HEADER_MESSAGE =
  'This file has no AWB and remitted amount columns: upload the courier’s COD remittance report as CSV, or fill the shop’s template (AWB, Order, Amount remitted, Remitted on, UTR).';

export interface RemittanceLine {
  line: number;
  /** sha256 of the courier's own line and its count among equal lines of the file: unique proof. */
  hash: string;
  awb: string;
  orderRef: string;
  remittedPaise: number;
  remittedOn: string | null;
  reference: string;
}

export type OpenedRemittance =
  | {
      kind: 'layout';
      layout: RemittanceLayout | { name: string };
      lines: AsyncGenerator<RemittanceLine>;
      skipped: { count: number; first: Array<{ line: number; message: string }> };
    }
  | { kind: 'unknown'; header: string[]; key: string; sample: string[][] };

/** A report's line under a header we do not know: an AWB (letters and digits, not a number) and an amount. */
function looksLikeParcel(fields: string[]): boolean {
  const values = fields.map((f) => f.trim());
  const awb = values.some((v) => AWB_PATTERN.test(v) && /[0-9]/.test(v) && amountPaise(v) === null);
  return awb && values.some((v) => amountPaise(v) !== null);
}

/** The name an owner's own mapping is shown by, as the bank statement's. */
export const MAPPED_LAYOUT = 'Mapped by you';

/**
 * Opens `input`: finds the header and its layout, the owner's remembered mapping (by header key)
 * first. A layout we do not know answers its header and a few rows for the mapping step (a
 * header-like row right above a row with an AWB and an amount), and reads no further; a file with
 * neither is refused.
 */
export async function openRemittance(
  input: Readable,
  remembered: ReadonlyMap<string, RemittanceMapping>,
): Promise<OpenedRemittance> {
  const records = csvRecords(input);
  let candidate: CsvRecord | null = null;
  let previous: CsvRecord | null = null;
  const sample: string[][] = [];
  for (let rows = 0; rows < HEADER_SEARCH_ROWS; rows++) {
    const next = await records.next();
    if (next.done) break;
    const record = next.value;
    const header = record.fields.map((f) => f.trim());
    const mapping = remembered.get(headerKey(header));
    const mapped = mapping && mappedIndexes(header, mapping);
    const found = mapped ? { layout: { name: MAPPED_LAYOUT }, at: mapped } : remittanceLayout(header);
    if (found) {
      const skipped = { count: 0, first: [] as Array<{ line: number; message: string }> };
      return { kind: 'layout', layout: found.layout, lines: remittanceLines(records, found.at, skipped), skipped };
    }
    if (candidate) {
      if (sample.length < 3) sample.push(record.fields.map((f) => cell([f], 0, 120)));
    } else if (previous && looksLikeHeader(previous.fields, 2) && looksLikeParcel(record.fields)) {
      candidate = previous;
      sample.push(record.fields.map((f) => cell([f], 0, 120)));
    }
    previous = record;
  }
  await records.return(undefined);
  if (!candidate) throw new StatementFileError(NO_HEADER_MESSAGE);
  return {
    kind: 'unknown',
    header: candidate.fields.map((f) => cell([f], 0, 120)),
    key: headerKey(candidate.fields.map((f) => f.trim())),
    sample,
  };
}

async function* remittanceLines(
  records: AsyncGenerator<CsvRecord>,
  at: RemittanceIndexes,
  skipped: Extract<OpenedRemittance, { kind: 'layout' }>['skipped'],
): AsyncGenerator<RemittanceLine> {
  const skip = (line: number, message: string) => {
    skipped.count++;
    if (skipped.first.length < 20) skipped.first.push({ line, message });
  };
  const seen = new Map<string, number>();
  let read = 0;
  for await (const record of records) {
    const f = record.fields;
    if (f.every((v) => v.trim() === '')) continue;
    if (++read > MAX_REMITTANCE_LINES) {
      throw new StatementFileError(`This report has more than ${MAX_REMITTANCE_LINES} lines: upload a shorter period.`);
    }
    const awb = (f[at.awb] ?? '').trim();
    if (!AWB_PATTERN.test(awb)) {
      // A totals row or a note has no AWB: not a remittance.
      skip(record.line, 'No AWB (6 to 40 letters, digits or dashes) on this line');
      continue;
    }
    const remitted = amountPaise((f[at.remitted] ?? '').trim());
    if (remitted === null) {
      skip(record.line, 'The remitted amount is not a number');
      continue;
    }
    const digest = createHash('sha256').update(record.raw).digest('hex');
    const nth = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, nth);
    yield {
      line: record.line,
      hash: nth === 1 ? digest : createHash('sha256').update(`${digest}#${nth}`).digest('hex'),
      awb,
      orderRef: cell(f, at.orderRef, 60),
      remittedPaise: remitted,
      remittedOn: at.date >= 0 ? statementDate(f[at.date] ?? '') : null,
      reference: cell(f, at.reference, 60),
    };
  }
}
