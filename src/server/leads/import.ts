/**
 * Reads a CSV of platform orders into leads. The header row names the columns
 * (any order, case-insensitive); every row is checked with the same schema as
 * the hand-entry form, and each bad row is reported with its line.
 */
import { LEAD_CSV_COLUMNS, type LeadInput, leadInputSchema } from '../../common/schemas/lead.ts';
import { CsvError, parseCsv } from './csv.ts';

export interface LeadImport {
  rows: LeadInput[];
  errors: Array<{ line: number; message: string }>;
}

const REQUIRED = ['platform', 'customer', 'productName', 'quantity'] as const;
const MAX_ROWS = 5000;

export function readLeadCsv(text: string): LeadImport {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) return { rows: [], errors: [{ line: err.line, message: err.message }] };
    throw err;
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: 1, message: 'The file is empty' }] };
  const names = header.fields.map((f) => f.trim().toLowerCase().replace(/[\s_]/g, ''));
  const index = new Map<string, number>();
  for (const column of LEAD_CSV_COLUMNS) {
    const at = names.indexOf(column.toLowerCase());
    if (at >= 0) index.set(column, at);
  }
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: [
        {
          line: header.line,
          message: `The header row must name the columns ${LEAD_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`,
        },
      ],
    };
  }
  if (body.length === 0)
    return { rows: [], errors: [{ line: header.line, message: 'The file has no rows under its header' }] };
  if (body.length > MAX_ROWS) {
    return { rows: [], errors: [{ line: header.line, message: `At most ${MAX_ROWS} rows can be imported at once` }] };
  }
  const rows: LeadInput[] = [];
  const errors: LeadImport['errors'] = [];
  for (const record of body) {
    const raw: Record<string, string> = {};
    for (const [column, at] of index) {
      const value = record.fields[at]?.trim() ?? '';
      // An empty quantity is missing, not zero.
      if (value !== '' || column !== 'quantity') raw[column] = value;
    }
    if (raw.platform !== undefined) raw.platform = raw.platform.toLowerCase();
    const parsed = leadInputSchema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else errors.push({ line: record.line, message: parsed.error.issues[0]?.message ?? 'This row is not valid' });
  }
  return { rows, errors };
}
