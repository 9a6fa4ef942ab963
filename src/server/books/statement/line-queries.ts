/**
 * The statement's credits kept as proof (table statement_lines, migration 0009). A line is
 * inserted once: its hash of the bank's own line is unique, so a statement imported again (or
 * one that overlaps an earlier one) adds nothing.
 */
import { CHUNK_ROWS, inChunks } from '../../db/chunks.ts';
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import { keptLineColumns } from '../kept-lines.ts';
import type { StatementLine } from './read-statement.ts';

/** The outcomes of a credit (pending: inserted, not yet matched; an import that stopped leaves it for the next). */
export type LineOutcome = 'pending' | 'matched' | 'proof' | 'no_order' | 'amount_differs';

export interface PendingLine {
  id: string;
  line_no: number;
  txn_date: string;
  amount_paise: number;
  utr: string | null;
}

const PENDING_COLUMNS = ['id', 'line_no', 'txn_date', 'amount_paise', 'utr'] as const;

/**
 * Inserts the credits not seen before (a line already kept is left as it is). A credit for which
 * `settledAs` names an outcome is kept with it at once (most of a statement: credits with no order
 * to look at); the rest are kept pending and answered, to be matched.
 */
export async function insertCredits(
  db: Db,
  importId: string,
  lines: readonly StatementLine[],
  settledAs: (line: StatementLine) => LineOutcome | null,
): Promise<{ count: number; pending: PendingLine[] }> {
  const now = nowIso();
  const rows = await inChunks(lines, (chunk) =>
    db
      .insertInto('statement_lines')
      .values(
        chunk.map((l) => ({
          ...keptLineColumns(importId, l, now),
          txn_date: l.date,
          narration: l.narration,
          reference: l.reference,
          amount_paise: l.creditPaise,
          utr: l.utr,
          outcome: settledAs(l) ?? ('pending' satisfies LineOutcome),
        })),
      )
      .onConflict((oc) => oc.column('line_hash').doNothing())
      .returning([...PENDING_COLUMNS, 'outcome'])
      .execute(),
  );
  const pending: PendingLine[] = [];
  for (const { outcome, ...line } of rows) if (outcome === 'pending') pending.push(line);
  return { count: rows.length, pending: pending.sort((a, b) => a.line_no - b.line_no) };
}

/**
 * Lines an import left pending when it stopped part way (the process ended between a batch's
 * commit and its matches): the next import settles them first.
 */
export async function leftPending(db: Db): Promise<PendingLine[]> {
  return db
    .selectFrom('statement_lines')
    .select(PENDING_COLUMNS)
    .where('outcome', '=', 'pending')
    .orderBy('created_at')
    .orderBy('line_no')
    .limit(CHUNK_ROWS)
    .execute();
}

/** Sets the outcome of lines that need nothing but it (no UTR, no order). */
export async function setOutcome(
  db: Db,
  ids: readonly string[],
  outcome: LineOutcome,
  extra: { note?: string | null; orderId?: string | null } = {},
): Promise<void> {
  await inChunks(ids, async (chunk) => {
    await db
      .updateTable('statement_lines')
      .set({ outcome, note: extra.note ?? null, order_id: extra.orderId ?? null })
      .where('id', 'in', chunk)
      .where('outcome', '=', 'pending')
      .execute();
    return [];
  });
}

/** The line (its number in its file and date) that already proves `orderId`, if any. */
export async function proofOf(db: Db, orderId: string) {
  return db
    .selectFrom('statement_lines')
    .select(['line_no', 'txn_date'])
    .where('matched_order_id', '=', orderId)
    .executeTakeFirst();
}
