/**
 * The return's period (docs/product.md#the-books-credit-notes-and-gstr-1): a month ("2026-05") or a
 * quarter of the financial year ("2026-27-Q1": April to June 2026), in India time. GSTR-1's `fp` is
 * MMYYYY; a quarterly filer (QRMP) names the quarter by its last month.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export interface Period {
  /** What the owner picked: "2026-05" or "2026-27-Q1". */
  key: string;
  /** First instant, inclusive, and the instant after the last (ISO UTC), India days. */
  from: string;
  to: string;
  /** GSTR-1's filing period, MMYYYY. */
  fp: string;
  label: string;
}

export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$|^(\d{4})-(\d{2})-Q([1-4])$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Midnight in India on the first of `month` (1-12) of `year`, as an ISO UTC instant. */
function indiaMonthStart(year: number, month: number): string {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return new Date(Date.UTC(y, m - 1, 1) - IST_OFFSET_MS).toISOString();
}

/** The period a key names, or null when it names none. */
export function parsePeriod(key: string): Period | null {
  const match = PERIOD_PATTERN.exec(key);
  if (!match) return null;
  if (match[1]) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    return {
      key,
      from: indiaMonthStart(year, month),
      to: indiaMonthStart(year, month + 1),
      fp: `${match[2]}${year}`,
      label: `${MONTHS[month - 1]} ${year}`,
    };
  }
  const start = Number(match[3]);
  if ((start + 1) % 100 !== Number(match[4])) return null;
  const quarter = Number(match[5]);
  // Q1 April-June, Q2 July-September, Q3 October-December, Q4 January-March of the next year.
  const firstMonth = 4 + (quarter - 1) * 3;
  const lastMonth = firstMonth + 2;
  const lastYear = start + Math.floor((lastMonth - 1) / 12);
  const last = ((lastMonth - 1) % 12) + 1;
  const firstLabel = MONTHS[(firstMonth - 1) % 12]!;
  return {
    key,
    from: indiaMonthStart(start, firstMonth),
    to: indiaMonthStart(start, lastMonth + 1),
    fp: `${String(last).padStart(2, '0')}${lastYear}`,
    label: `Q${quarter} ${start}-${String(start + 1).slice(2)} (${firstLabel}–${MONTHS[last - 1]})`,
  };
}
