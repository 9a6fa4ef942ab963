/**
 * The settlements of orders (refunds recorded, advances kept: common/settlement.ts), read where orders
 * are shown (Your Orders, /track, Admin Orders, the credit note, the messages). Here rather than in
 * settlements/, which writes them: settlements sits above orders in the folders' one direction
 * (docs/decisions/052-order-transitions-and-folder-graph.md), as invoices does for credit notes.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LIVE_STATES, stateRule } from '../../common/orders.ts';
import { advanceUnsettled, type KeepReason, type RefundReason, type Settlement } from '../../common/settlement.ts';
import type { Database } from '../db/tables.ts';
import { type CodRow, codMoneySql, orderCodMoney } from '../money/cod-money.ts';

export type SettledOrder = CodRow & { id: string };

/**
 * Each order's settlement, by order id: its refunds (oldest first) and the advance kept; null for an
 * order with nothing recorded and nothing to settle (a live order, or one without an advance received).
 */
export async function settlementsOf(
  db: Kysely<Database>,
  orders: readonly SettledOrder[],
): Promise<Map<string, Settlement | null>> {
  if (orders.length === 0) return new Map();
  const rows = await db
    .selectFrom('settlements')
    .select(['order_id', 'kind', 'amount_paise', 'reference', 'paid_on', 'reason'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return new Map(
    orders.map((order) => {
      const own = rows.filter((r) => r.order_id === order.id);
      return [order.id, settlementOf(order, own)] as const;
    }),
  );
}

type Row = {
  kind: string;
  amount_paise: number | string;
  reference: string | null;
  paid_on: string | null;
  reason: string;
};

function settlementOf(order: SettledOrder, rows: readonly Row[]): Settlement | null {
  // The one rule (common/advance.ts codMoney): the advance the shop holds is what it received.
  const advancePaise = orderCodMoney(order).received * 100;
  const refunds = rows
    .filter((r) => r.kind === 'refund')
    .map((r) => ({
      amountPaise: Number(r.amount_paise),
      reference: r.reference ?? '',
      paidOn: r.paid_on ?? '',
      reason: r.reason as RefundReason,
    }));
  const kept = rows.find((r) => r.kind === 'kept');
  const refundedPaise = refunds.reduce((sum, r) => sum + r.amountPaise, 0);
  const base = {
    advancePaise,
    refunds,
    refundedPaise,
    keptPaise: kept ? Number(kept.amount_paise) : 0,
    keptReason: kept ? (kept.reason as KeepReason) : null,
  };
  if (kept) return { state: 'kept', ...base };
  const closedForGood = !stateRule(order.status).live;
  if (closedForGood && advanceUnsettled(base)) return { state: 'to-settle', ...base };
  if (refunds.length > 0) return { state: 'refunded', ...base };
  return null;
}

/** One order's settlement (the credit note, a message). */
export async function settlementOfOrder(db: Kysely<Database>, order: SettledOrder): Promise<Settlement | null> {
  return (await settlementsOf(db, [order])).get(order.id) ?? null;
}

/**
 * The same in SQL, for sums over many orders (Money at a glance, Needs you, the Admin Orders filter):
 * refunded and kept paise, and whether the advance is still to settle, of the orders aliased `o`. The
 * advance received is the one rule's (codMoneySql); the tests compare these with settlementsOf.
 */
export function settlementSql(o: string): {
  refunded: RawBuilder<number>;
  kept: RawBuilder<number>;
  unsettled: RawBuilder<boolean>;
} {
  const id = sql.ref(`${o}.id`);
  const refunded = sql<number>`(select coalesce(sum(s.amount_paise), 0) from settlements s where s.order_id = ${id} and s.kind = 'refund')`;
  const kept = sql<number>`(select coalesce(sum(s.amount_paise), 0) from settlements s where s.order_id = ${id} and s.kind = 'kept')`;
  const received = codMoneySql(o).received;
  const keptAny = sql`exists (select 1 from settlements s where s.order_id = ${id} and s.kind = 'kept')`;
  // common/settlement.ts advanceUnsettled, for an order that no longer goes out (common/orders.ts).
  const unsettled = sql<boolean>`(${sql.ref(`${o}.status`)} not in (${sql.join(LIVE_STATES)}) and ${received} > 0 and not ${keptAny} and ${refunded} < ${received})`;
  return { refunded, kept, unsettled };
}

/** The orders aliased `o` whose advance is still to settle (common/settlement.ts advanceUnsettled). */
export function advanceToSettleSql(o: string): RawBuilder<boolean> {
  return settlementSql(o).unsettled;
}
