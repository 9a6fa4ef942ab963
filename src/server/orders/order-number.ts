/**
 * Order numbers people read aloud (docs/product.md#order-numbers): PREFIX-NNNNN,
 * e.g. TSW-10427, unique and never reused, across processes too.
 * - SQLite: the `order_number` counter row, taken inside the order's own
 *   transaction with one UPDATE … RETURNING. The one writer hands each value to
 *   one transaction, and a rolled-back order gives its value back: no gaps.
 * - PostgreSQL: nextval of the sequence order_number_seq. A counter row there
 *   would stay locked by each order until its COMMIT, queueing every concurrent
 *   order behind it (measured: 487 → 34 orders/s). A sequence never hands a
 *   value out twice; an order that rolls back after taking one leaves a gap,
 *   which is why the number is taken after every check that can refuse it.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from 'kysely';
import { takeCounter } from '../db/counters.ts';
import type { Database } from '../db/tables.ts';

const COUNTER = 'order_number';
/** At least five digits, as the shop's paper book had them. */
const MIN_DIGITS = 5;

export function formatOrderNumber(prefix: string, value: number): string {
  return `${prefix}-${String(value).padStart(MIN_DIGITS, '0')}`;
}

export async function nextOrderNumber(trx: Kysely<Database> | Transaction<Database>, prefix: string): Promise<string> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ value: string }>`select nextval('order_number_seq') as value`.execute(trx);
    return formatOrderNumber(prefix, Number(rows[0]?.value));
  }
  return formatOrderNumber(prefix, await takeCounter(trx, COUNTER));
}

/**
 * A new order's number as a value of the order's INSERT. On PostgreSQL the INSERT takes it from the
 * sequence itself, formatted there as formatOrderNumber does (at least MIN_DIGITS, never cut): each
 * statement there is a round trip, and an order makes few enough (issue 39). On SQLite, where a
 * statement costs no round trip, the counter row is taken first.
 */
export async function newOrderNumber(
  trx: Kysely<Database> | Transaction<Database>,
  prefix: string,
): Promise<string | RawBuilder<string>> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return nextOrderNumber(trx, prefix);
  return sql<string>`(select ${prefix}::text || '-' || lpad(v::text, greatest(${sql.lit(MIN_DIGITS)}, length(v::text)), '0') from nextval('order_number_seq') as v)`;
}
