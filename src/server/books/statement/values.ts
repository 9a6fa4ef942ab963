/**
 * The values of a bank statement's cells: dates as Indian banks write them, and amounts in paise
 * (read as text, never through floating point).
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A statement's date as YYYY-MM-DD: 15/01/24 and 15/01/2024 (HDFC), 15-01-2024 (ICICI), 15 Jan 2024
 * and 15-Jan-24 (SBI), 2024-01-15; day first, as Indian banks write it. A time after the date is
 * ignored. Null for anything else (a footer, an opening-balance row).
 */
export function statementDate(cell: string): string | null {
  // A statement's lines run in date order: the last answer is usually the next one too.
  if (cell === lastDate.cell) return lastDate.iso;
  const iso = readDate(cell);
  lastDate.cell = cell;
  lastDate.iso = iso;
  return iso;
}
const lastDate: { cell: string | null; iso: string | null } = { cell: null, iso: null };

function readDate(cell: string): string | null {
  const text = cell.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-,]+(\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/**
 * An amount cell in paise: "1,23,456.78", "300", "₹ 300.00", "300.00 Cr", "INR 300". Empty, "-"
 * and "0" are 0. Null when the cell is not an amount (or has more than two decimals).
 */
export function amountPaise(cell: string): number | null {
  // Most cells are plain: 300.00 or 1,20,300.00.
  const plain = /^(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/.exec(cell);
  if (plain) return paise(plain[1]!.replaceAll(',', ''), plain[2]);
  const text = cell
    .replace(/₹|\bINR\b|\bRs\.?/gi, '')
    .replace(/\s*\b(?:CR|DR)\b\.?\s*$/i, '')
    .replace(/[,\s]/g, '');
  if (text === '' || text === '-') return 0;
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  return m ? paise(m[1]!, m[2]) : null;
}

function paise(rupees: string, fraction: string | undefined): number | null {
  const value = Number(rupees) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** "CR" / "Cr" / "C" (credit) or "DR" / "Dr" / "D" (debit) of a Cr/Dr column; null otherwise. */
export function creditOrDebit(cell: string): 'credit' | 'debit' | null {
  const text = cell.trim().replace(/\.$/, '').toUpperCase();
  if (text === 'CR' || text === 'C' || text === 'CREDIT') return 'credit';
  if (text === 'DR' || text === 'D' || text === 'DEBIT') return 'debit';
  return null;
}
