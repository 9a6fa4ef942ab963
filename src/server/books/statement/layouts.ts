/**
 * Bank statement layouts: which column of a bank's CSV export holds the date, the narration, the
 * reference and the amounts, by the header's names, never by position (banks add and move
 * columns). Built in: the exports of HDFC, ICICI, SBI, Axis and Kotak (sources in
 * fixtures/README.md). Any other layout is mapped once by the owner and remembered by its
 * normalised header row (layout-queries.ts; docs/decisions/029-bank-statement-matching.md).
 */

/** A header cell as compared: lower case, letters and digits only ("Withdrawal Amount (INR )" is withdrawalamountinr). */
export function normaliseHeader(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The key of a header row: its normalised cells, empty ones dropped, joined by "|". */
export function headerKey(cells: readonly string[]): string {
  return cells.map(normaliseHeader).filter(Boolean).join('|');
}

/**
 * Which (normalised) header names hold what. Credits are read from `credit`; with `drCr` set,
 * `credit` is the one amount column and the line is a credit when that column says Cr.
 */
export interface ColumnMapping {
  date: string;
  narration: string;
  credit: string;
  reference?: string | null;
  debit?: string | null;
  drCr?: string | null;
  balance?: string | null;
}

export interface Layout {
  /** Shown to the owner and kept on the import. */
  name: string;
  columns: ColumnMapping;
}

export const BUILT_IN_LAYOUTS: readonly Layout[] = [
  {
    // Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance
    name: 'HDFC Bank',
    columns: {
      date: 'date',
      narration: 'narration',
      reference: 'chqrefno',
      debit: 'withdrawalamt',
      credit: 'depositamt',
      balance: 'closingbalance',
    },
  },
  {
    // S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks,
    // Withdrawal Amount (INR ), Deposit Amount (INR ), Balance (INR )
    name: 'ICICI Bank',
    columns: {
      date: 'transactiondate',
      narration: 'transactionremarks',
      reference: 'chequenumber',
      debit: 'withdrawalamountinr',
      credit: 'depositamountinr',
      balance: 'balanceinr',
    },
  },
  {
    // Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance
    name: 'State Bank of India',
    columns: {
      date: 'txndate',
      narration: 'description',
      reference: 'refnochequeno',
      debit: 'debit',
      credit: 'credit',
      balance: 'balance',
    },
  },
  {
    // Transaction Date, Particulars, Cheque No., Dr/Cr, Amount, Balance: one amount and its Dr/Cr
    name: 'Axis Bank',
    columns: {
      date: 'transactiondate',
      narration: 'particulars',
      reference: 'chequeno',
      credit: 'amount',
      drCr: 'drcr',
      balance: 'balance',
    },
  },
  {
    // Date, Description, Ref No., Debit, Credit, Balance
    name: 'Kotak Mahindra Bank',
    columns: {
      date: 'date',
      narration: 'description',
      reference: 'refno',
      debit: 'debit',
      credit: 'credit',
      balance: 'balance',
    },
  },
];

/** The column names a mapping reads. */
export function mappedNames(columns: ColumnMapping): string[] {
  return [
    columns.date,
    columns.narration,
    columns.credit,
    columns.reference,
    columns.debit,
    columns.drCr,
    columns.balance,
  ].filter((n): n is string => typeof n === 'string' && n !== '');
}

/** The built-in layout whose every column the header names (the first such, in the order above). */
export function builtInLayout(header: readonly string[]): Layout | null {
  const names = new Set(header.map(normaliseHeader));
  return BUILT_IN_LAYOUTS.find((layout) => mappedNames(layout.columns).every((n) => names.has(n))) ?? null;
}

/** Each mapped column's index in `header`; null when the header lacks one. */
export function columnIndexes(header: readonly string[], columns: ColumnMapping) {
  const names = header.map(normaliseHeader);
  const at = (name: string | null | undefined) => (name ? names.indexOf(name) : -1);
  const index = {
    date: at(columns.date),
    narration: at(columns.narration),
    credit: at(columns.credit),
    reference: at(columns.reference),
    debit: at(columns.debit),
    drCr: at(columns.drCr),
    balance: at(columns.balance),
  };
  if (index.date < 0 || index.narration < 0 || index.credit < 0) return null;
  if (columns.drCr && index.drCr < 0) return null;
  return index;
}
export type ColumnIndexes = NonNullable<ReturnType<typeof columnIndexes>>;
