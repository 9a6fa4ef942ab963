/**
 * The courier's COD remittance as stored (table remittance_lines, migration 0015) and read back
 * (docs/product.md "COD remittance"): the lines of a report kept once, each AWB matched with its
 * order's shipment, and what couriers still hold. What an order should get is what its courier
 * collects by the one rule (common/advance.ts codMoney, `onDelivery`; its SQL form in
 * server/money/cod-money.ts for sums in the database).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { COD_COLLECTED_STATES } from '../../../common/orders.ts';
import type { CodOwed, RemittanceOutcome, RemittanceRow } from '../../../common/schemas/remittance.ts';
import { inChunks } from '../../db/chunks.ts';
import { nowIso } from '../../db/ids.ts';
import type { Db } from '../../db/tables.ts';
import { codMoneySql, orderCodMoney } from '../../money/cod-money.ts';
import { keptLineColumns } from '../kept-lines.ts';
import type { RemittanceLine } from './read-remittance.ts';

/** Rows of a list the owner reads; the answer says how many there are in all. */
export const LIST_ROWS = 200;
/** Couriers remit in 7 to 9 days; an order delivered longer ago than this with nothing remitted is listed. */
export const LATE_AFTER_DAYS = 10;

export interface AwbOrder {
  id: string;
  number: string;
  expectedPaise: number;
}

/** The orders whose shipment carries these AWBs, by AWB. */
export async function ordersByAwb(db: Db, awbs: readonly string[]): Promise<Map<string, AwbOrder>> {
  const byAwb = new Map<string, AwbOrder>();
  const rows = await inChunks(awbs, (chunk) =>
    db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['s.awb', 'o.id', 'o.number', 'o.total', 'o.advance_amount', 'o.advance_state', 'o.status'])
      .where('s.awb', 'in', chunk)
      .execute(),
  );
  for (const r of rows) {
    if (!r.awb) continue;
    byAwb.set(r.awb, { id: r.id, number: r.number, expectedPaise: orderCodMoney(r).onDelivery * 100 });
  }
  return byAwb;
}

/** Keeps the lines not seen before (a line already kept is left as it is); answers how many were new. */
export async function insertRemittanceLines(
  db: Db,
  importId: string,
  adminId: string,
  lines: readonly RemittanceLine[],
  orders: ReadonlyMap<string, AwbOrder>,
): Promise<number> {
  const now = nowIso();
  const rows = await inChunks(lines, (chunk) =>
    db
      .insertInto('remittance_lines')
      .values(
        chunk.map((l) => ({
          ...keptLineColumns(importId, l, now),
          awb: l.awb,
          order_ref: l.orderRef,
          remitted_paise: l.remittedPaise,
          remitted_on: l.remittedOn,
          reference: l.reference,
          order_id: orders.get(l.awb)?.id ?? null,
          admin_id: adminId,
        })),
      )
      .onConflict((oc) => oc.column('line_hash').doNothing())
      .returning('id')
      .execute(),
  );
  return rows.length;
}

function outcomeOf(expected: number | null, remitted: number): RemittanceOutcome {
  if (expected === null) return 'unknown';
  if (remitted < expected) return 'short';
  return remitted > expected ? 'over' : 'paid';
}

const ORDER_OF_OUTCOMES: Record<RemittanceOutcome, number> = { short: 0, over: 1, unknown: 2, paid: 3 };

/**
 * Each AWB matched with its order: expected against everything remitted for it in every report so
 * far (a courier may pay one parcel in two parts), with the latest date and reference. Short, over
 * and unknown first, then by AWB.
 */
export async function matchRows(db: Db, awbs: readonly string[]): Promise<RemittanceRow[]> {
  const orders = await ordersByAwb(db, awbs);
  const byAwb = new Map<string, RemittanceRow>();
  const lines = await inChunks(awbs, (chunk) =>
    db
      .selectFrom('remittance_lines')
      .select(['awb', 'order_ref', 'remitted_paise', 'remitted_on', 'reference'])
      .where('awb', 'in', chunk)
      .orderBy('created_at')
      .orderBy('line_no')
      .execute(),
  );
  for (const l of lines) {
    const row = byAwb.get(l.awb);
    const order = orders.get(l.awb);
    if (!row) {
      byAwb.set(l.awb, {
        awb: l.awb,
        order: order?.number ?? null,
        orderRef: l.order_ref,
        expectedPaise: order?.expectedPaise ?? null,
        remittedPaise: Number(l.remitted_paise),
        remittedOn: l.remitted_on,
        reference: l.reference,
        outcome: 'paid',
      });
      continue;
    }
    row.remittedPaise += Number(l.remitted_paise);
    if (l.remitted_on && (!row.remittedOn || l.remitted_on >= row.remittedOn)) {
      row.remittedOn = l.remitted_on;
      row.reference = l.reference || row.reference;
    }
  }
  const rows = [...byAwb.values()].map((r) => ({ ...r, outcome: outcomeOf(r.expectedPaise, r.remittedPaise) }));
  return rows.sort((a, b) => ORDER_OF_OUTCOMES[a.outcome] - ORDER_OF_OUTCOMES[b.outcome] || a.awb.localeCompare(b.awb));
}

/** Everything remitted for an order, in paise (0 when nothing). */
export function remittedSql(o: string): RawBuilder<number> {
  return sql<number>`coalesce((select sum(r.remitted_paise) from remittance_lines r where r.order_id = ${sql.ref(`${o}.id`)}), 0)`;
}

/** When the order became Delivered: its latest "delivered" state event, else its last change. */
function deliveredAtSql(o: string): RawBuilder<string> {
  return sql<string>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${sql.ref(`${o}.id`)} and e.kind = 'state' and e.status in (${sql.join(COD_COLLECTED_STATES)})), ${sql.ref(`${o}.updated_at`)})`;
}

/** Delivered orders with their COD due and what was remitted, as one derived table. */
function deliveredOwed(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .select([
      'o.number as order_number',
      's.awb as awb',
      's.courier_name as courier_name',
      codMoneySql('o').onDelivery.as('expected_paise'),
      remittedSql('o').as('remitted_paise'),
      deliveredAtSql('o').as('delivered_at'),
    ])
    .where('o.status', 'in', COD_COLLECTED_STATES);
}

function owedRow(r: {
  order_number: string;
  awb: string | null;
  courier_name: string | null;
  delivered_at: string;
  expected_paise: number;
  remitted_paise: number;
}): CodOwed {
  return {
    order: r.order_number,
    awb: r.awb,
    courierName: r.courier_name ?? '',
    deliveredAt: String(r.delivered_at),
    expectedPaise: Number(r.expected_paise),
    remittedPaise: Number(r.remitted_paise),
  };
}

/** What couriers still hold: delivered balances not remitted in full, late remittances, short payments. */
export async function codCash(db: Db, now = new Date()) {
  const owed = () => db.selectFrom(deliveredOwed(db).as('d'));
  const unpaid = sql<SqlBool>`d.remitted_paise < d.expected_paise`;
  const lateBefore = new Date(now.getTime() - LATE_AFTER_DAYS * 86_400_000).toISOString();
  const [sum, lateCount, late, shortCount, short] = await Promise.all([
    owed()
      .select([
        sql<number>`coalesce(sum(d.expected_paise - d.remitted_paise), 0)`.as('paise'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where(unpaid)
      .executeTakeFirstOrThrow(),
    owed()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.remitted_paise', '=', 0)
      .where('d.expected_paise', '>', 0)
      .where('d.delivered_at', '<', lateBefore)
      .executeTakeFirstOrThrow(),
    owed()
      .selectAll()
      .where('d.remitted_paise', '=', 0)
      .where('d.expected_paise', '>', 0)
      .where('d.delivered_at', '<', lateBefore)
      .orderBy('d.delivered_at')
      .limit(LIST_ROWS)
      .execute(),
    owed()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.remitted_paise', '>', 0)
      .where(unpaid)
      .executeTakeFirstOrThrow(),
    owed()
      .selectAll()
      .where('d.remitted_paise', '>', 0)
      .where(unpaid)
      .orderBy('d.delivered_at')
      .limit(LIST_ROWS)
      .execute(),
  ]);
  return {
    withCouriersPaise: Number(sum.paise),
    withCouriersOrders: Number(sum.n),
    lateAfterDays: LATE_AFTER_DAYS,
    late: { total: Number(lateCount.n), rows: late.map(owedRow) },
    short: { total: Number(shortCount.n), rows: short.map(owedRow) },
  };
}
