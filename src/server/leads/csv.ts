/**
 * CSV as RFC 4180 describes it (https://www.rfc-editor.org/rfc/rfc4180): fields
 * separated by commas, records by CRLF (LF alone is accepted too), fields that
 * hold commas, quotes or line breaks wrapped in double quotes, and a quote inside
 * such a field written twice. Small enough to own instead of adding a dependency.
 */

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface CsvRecord {
  /** 1-based line on which the record starts (what a person sees in an editor). */
  line: number;
  fields: string[];
}

/** Parses `text` into records; blank lines are skipped. Throws CsvError on a broken quote. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // spreadsheet BOM
  if (!input.endsWith('\n')) input += '\n';
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedField = false;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '"' && field === '' && !quotedField) {
      // A quoted field: read up to the closing quote, "" standing for one quote.
      const start = line;
      i++;
      for (;;) {
        if (i >= input.length) throw new CsvError(`A quoted field starting on line ${start} is never closed`, start);
        const c = input[i];
        if (c === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      quotedField = true;
      const next = input[i];
      if (next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvError(
          `Line ${line}: text follows a closing quote (write a quote inside a quoted field as "")`,
          line,
        );
      }
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      quotedField = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      fields.push(field);
      const blank = fields.length === 1 && fields[0] === '' && !quotedField;
      if (!blank) records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      quotedField = false;
      i++;
      line++;
      recordLine = line;
      continue;
    }
    if (ch === '"')
      throw new CsvError(`Line ${line}: a quote inside an unquoted field (wrap the field in quotes)`, line);
    field += ch;
    i++;
  }
  return records;
}

/**
 * A number cell written with its own digits, such as rupees with two decimals ("-13473.72", which a JS
 * number would print as "-13473.72" but "1000.50" as "1000.5"). It is a number to a spreadsheet and
 * to the GST offline tool, so it is never guarded: only text gets the apostrophe.
 */
export class CsvNumber {
  readonly digits: string;
  constructor(digits: string) {
    // Only a plain decimal: anything else would bypass the formula guard.
    if (!/^-?\d+(\.\d+)?$/.test(digits)) throw new Error(`Not a number cell: ${digits}`);
    this.digits = digits;
  }
}

/** Paise as rupees with two decimals, a number cell (the accountant's CSVs). */
export const csvRupees = (paise: number) => new CsvNumber((paise / 100).toFixed(2));

export type CsvCell = string | number | CsvNumber | null;

/**
 * One CSV field. Text cells a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a
 * leading apostrophe (OWASP "CSV Injection"), since shop data comes from shoppers' own input.
 * Numbers (a JS number or a CsvNumber) are written as they are: a negative amount stays a number.
 */
export function csvField(value: CsvCell): string {
  if (value instanceof CsvNumber) return value.digits;
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
