/**
 * A bank statement's CSV read record by record from a stream, never whole (docs/product.md "The
 * books: advances from the bank statement"): a 50,000-line statement is read in bounded memory.
 * RFC 4180 quoting ("" inside quotes; a quoted field may span lines), a UTF-8 byte order mark,
 * CRLF or LF. Each record keeps its raw text: the proof's hash is taken of the bank's own line.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface CsvRecord {
  /** The record's first line in the file, from 1. */
  line: number;
  /** The record as the bank wrote it (lines of a quoted field joined by \n), trailing spaces dropped. */
  raw: string;
  fields: string[];
}

/** A record longer than this is not a bank's line: the file is refused rather than held in memory. */
export const MAX_RECORD_CHARS = 20_000;

export class StatementFileError extends Error {}

/** Splits one complete record into fields with `delimiter`; quotes as RFC 4180. */
export function splitRecord(raw: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (quoted) {
      if (ch === '"') {
        if (raw[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** True when the quotes of `text` leave a field open (an odd count of quote characters). */
function openQuote(text: string): boolean {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return n % 2 === 1;
}

/**
 * The records of `input`, split by `delimiterOf(firstRecord)`'s answer once it is known (a
 * tab-separated export reads as well as a comma-separated one).
 */
export async function* csvRecords(input: Readable): AsyncGenerator<CsvRecord> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  let pending = '';
  let startLine = 0;
  let delimiter: string | null = null;
  for await (let text of lines) {
    lineNo++;
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (pending === '') {
      startLine = lineNo;
      pending = text;
    } else pending += `\n${text}`;
    if (pending.length > MAX_RECORD_CHARS) {
      lines.close();
      input.destroy();
      throw new StatementFileError(`Line ${startLine} is too long to be a bank statement's line.`);
    }
    if (openQuote(pending)) continue;
    const raw = pending.trimEnd();
    pending = '';
    if (raw === '') continue;
    // The delimiter is the one the first line with either uses most (commas unless tabs).
    if (delimiter === null && /[,\t]/.test(raw)) {
      delimiter = (raw.match(/\t/g)?.length ?? 0) > (raw.match(/,/g)?.length ?? 0) ? '\t' : ',';
    }
    yield { line: startLine, raw, fields: splitRecord(raw, delimiter ?? ',') };
  }
  if (pending.trim() !== '')
    yield { line: startLine, raw: pending.trimEnd(), fields: splitRecord(pending, delimiter ?? ',') };
}
