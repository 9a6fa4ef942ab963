/** The settlements the dashboard counts (docs/product.md "Every advance settled"). */
import type { Db } from '../db/tables.ts';
import { advanceToSettleSql } from '../orders/settlement-read.ts';

/** Needs you: cancelled or returned orders whose advance is neither refunded nor kept yet. */
export async function countAdvancesToSettle(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // Only orders holding a received advance can be unsettled: the advance index narrows them first.
    .where('o.advance_state', '=', 'received')
    .where(advanceToSettleSql('o'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
