/**
 * The import's result table (docs/product.md "The books: advances from the bank statement"): its
 * credits by outcome, each with the order whose UTR it carries, and the UTRs shoppers typed that no
 * statement holds 2 days on.
 */

import { ORDER_STATES, stateRule } from '../../../common/orders.ts';
import type { MissingUtr, StatementLineRow } from '../../../common/schemas/statement.ts';
import type { Db } from '../../db/tables.ts';
import type { LineOutcome } from './line-queries.ts';

/** Rows of each list in the answer: the owner reads these; a bigger statement says how many more. */
export const RESULT_ROWS = 200;
/** Days a bank takes at most to show a UPI credit: a UTR older than this that no statement holds is listed. */
export const MISSING_AFTER_DAYS = 2;

export async function importLines(db: Db, importId: string, outcomes: LineOutcome[]) {
  const base = db
    .selectFrom('statement_lines as l')
    .where('l.import_id', '=', importId)
    .where('l.outcome', 'in', outcomes);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('orders as o', 'o.id', 'l.order_id')
      .select([
        'l.line_no',
        'l.txn_date',
        'l.narration',
        'l.reference',
        'l.amount_paise',
        'l.utr',
        'l.note',
        'o.number',
        'o.advance_amount',
      ])
      .orderBy('l.line_no')
      .limit(RESULT_ROWS)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map(
      (r): StatementLineRow => ({
        line: r.line_no,
        date: r.txn_date,
        narration: r.narration,
        reference: r.reference,
        amountPaise: r.amount_paise,
        utr: r.utr,
        order: r.number ?? null,
        orderAdvance: r.advance_amount ?? null,
        note: r.note,
      }),
    ),
  };
}

/**
 * Submitted advances whose UTR no imported statement holds, sent at least 2 days before the end of
 * the statement (`lastDate`, the bank's India date): the bank would show them by then.
 */
export async function missingUtrs(db: Db, lastDate: string): Promise<{ total: number; rows: MissingUtr[] }> {
  const endOfStatement = Date.parse(`${lastDate}T00:00:00+05:30`) + 86_400_000;
  const cutoff = new Date(endOfStatement - MISSING_AFTER_DAYS * 86_400_000).toISOString();
  const live = ORDER_STATES.filter((s) => stateRule(s).live);
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_events as e', (join) =>
      join.onRef('e.order_id', '=', 'o.id').on('e.kind', '=', 'advance').on('e.status', '=', 'submitted'),
    )
    .select(['o.number', 'o.advance_utr', 'o.advance_amount'])
    .select((eb) => eb.fn.max('e.created_at').as('submitted_at'))
    .where('o.advance_state', '=', 'submitted')
    .where('o.status', 'in', live)
    .where('o.advance_utr', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('statement_lines as l').select('l.id').whereRef('l.utr', '=', 'o.advance_utr'))),
    )
    .groupBy(['o.id', 'o.number', 'o.advance_utr', 'o.advance_amount'])
    .having((eb) => eb.fn.max('e.created_at'), '<=', cutoff)
    .orderBy('submitted_at')
    .execute();
  return {
    total: rows.length,
    rows: rows.slice(0, RESULT_ROWS).map((r) => ({
      order: r.number,
      utr: r.advance_utr ?? '',
      advance: r.advance_amount,
      submittedAt: String(r.submitted_at),
    })),
  };
}
