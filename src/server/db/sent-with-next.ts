/**
 * Marks a write whose answer nobody reads (an order's event, an outbox row, a cart's delete): on
 * PostgreSQL, inside a transaction, it leaves with the transaction's next statement instead of
 * costing a round trip of its own (db/pg-pipeline.ts, docs/decisions/076-writes-sent-with-the-next.md).
 * Its call answers at once with no rows; a failure surfaces at the next statement or the COMMIT,
 * which fails with it, so the transaction never commits without it. On SQLite the mark is a
 * comment and the write runs where it is. Only for statements with no `returning` whose result
 * the caller does not read.
 */
import { sql } from 'kysely';

/** The comment the pipeline recognises at the end of a statement. */
export const SENT_WITH_NEXT = '/* sent with the next statement */';

interface Markable<Q> {
  modifyEnd(modifier: ReturnType<typeof sql.raw>): Q;
}

export function sentWithNext<Q extends Markable<Q>>(query: Q): Q {
  return query.modifyEnd(sql.raw(SENT_WITH_NEXT));
}
