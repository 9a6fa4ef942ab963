/**
 * The money-on-delivery rule (common/advance.ts codMoney) read from an order's row, and its SQL
 * form for sums over many orders (Money at a glance, the remittance match). The SQL is tested
 * against codMoney state by state on SQLite and PostgreSQL (cod-money.test.ts), so the two cannot
 * drift apart (docs/decisions/046-one-cod-rule.md).
 */
import { type RawBuilder, sql } from 'kysely';
import { ADVANCE_OPEN_STATES, type CodMoney, type CodOrder, codMoney } from '../../common/advance.ts';
import { LIVE_STATES } from '../../common/orders.ts';

/** The columns of `orders` the rule reads (numbers may arrive as strings from PostgreSQL). */
export interface CodRow {
  total: number | string;
  advance_amount: number | string;
  advance_state: string;
  status: string;
}

/** An order row's figures as the rule reads them. */
export function codOrderOf(row: CodRow): CodOrder {
  return {
    total: Number(row.total),
    advanceAmount: Number(row.advance_amount),
    advanceState: row.advance_state,
    status: row.status,
  };
}

/** codMoney of an order row. */
export function orderCodMoney(row: CodRow): CodMoney {
  return codMoney(codOrderOf(row));
}

/** The SQL form of codMoney over the orders aliased `o`, each figure in paise. */
export function codMoneySql(o: string): Record<keyof CodMoney, RawBuilder<number>> {
  const total = sql.ref(`${o}.total`);
  const state = sql.ref(`${o}.advance_state`);
  const status = sql.ref(`${o}.status`);
  // The stored advance, never below 0 nor above the total.
  const stored = sql`(case when ${sql.ref(`${o}.advance_amount`)} < 0 then 0 when ${sql.ref(`${o}.advance_amount`)} > ${total} then ${total} else ${sql.ref(`${o}.advance_amount`)} end)`;
  const advance = sql`(case when ${state} = 'waived' then 0 else ${stored} end)`;
  const goesOut = sql`${status} in (${sql.join(LIVE_STATES)})`;
  const open = sql`${state} in (${sql.join(ADVANCE_OPEN_STATES)})`;
  return {
    advance: sql<number>`(${advance} * 100)`,
    received: sql<number>`(case when ${state} = 'received' then ${advance} else 0 end * 100)`,
    dueNow: sql<number>`(case when ${goesOut} and ${open} then ${advance} else 0 end * 100)`,
    onDelivery: sql<number>`(case when ${goesOut} then ${total} - ${advance} else 0 end * 100)`,
  };
}
