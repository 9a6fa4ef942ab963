/**
 * Money at a glance (docs/product.md "Money at a glance"): a date range's orders, advances, COD
 * cash, returns, GST by rate and the sales register, in paise. The order figures are of the orders
 * placed in the range (one SQL pass, sums in the database); GST and the register are of the
 * invoices and credit notes dated in it, folded page by page from the GSTR-1 reader
 * (books/gstr1/documents.ts) so they equal the return's own figures to the paisa.
 */
import { sql } from 'kysely';
import { CANCELLED_STATES, COD_COLLECTED_STATES } from '../../../common/orders.ts';
import type { MoneyGlance, RegisterRow } from '../../../common/schemas/money.ts';
import type { Db } from '../../db/tables.ts';
import { codMoneySql } from '../../money/cod-money.ts';
import { settlementSql } from '../../orders/settlement-read.ts';
import { type Gstr1Document, periodCreditNotes, periodInvoices } from '../gstr1/documents.ts';
import type { Period } from '../gstr1/period.ts';
import { LIST_ROWS, remittedSql } from '../remittance/remittance-queries.ts';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The range as instants: India midnight of `from`, and of the day after `to`. */
export function moneyPeriod(from: string, to: string): Period {
  const start = Date.parse(`${from}T00:00:00Z`) - IST_OFFSET_MS;
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000 - IST_OFFSET_MS;
  return {
    key: `${from}..${to}`,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    fp: '',
    label: `${from} to ${to}`,
  };
}

const RETURNED_STEPS = ['rto_initiated', 'rto_delivered'];

/** The orders placed in the period, one pass: counts and sums by what became of them. */
async function orderFigures(db: Db, period: Period) {
  const money = codMoneySql('o');
  const settled = settlementSql('o');
  const d = db
    .selectFrom('orders as o')
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .select([
      'o.status',
      'o.total',
      'o.advance_state',
      's.step',
      // The one rule (common/advance.ts codMoney) in SQL: every figure below reads these.
      money.onDelivery.as('due_paise'),
      money.received.as('received_paise'),
      money.advance.as('advance_paise'),
      remittedSql('o').as('remitted_paise'),
      // What the owner recorded for the money (settlements/): refunds, the advance kept, or still to settle.
      settled.refunded.as('refunded_paise'),
      settled.kept.as('kept_paise'),
      sql<number>`case when ${settled.unsettled} then 1 else 0 end`.as('unsettled'),
    ])
    .where('o.created_at', '>=', period.from)
    .where('o.created_at', '<', period.to)
    .as('d');
  const when = (cond: ReturnType<typeof sql>, value: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${cond} then ${value} else 0 end), 0)`;
  const returned = sql`d.step in (${sql.join(RETURNED_STEPS)})`;
  // The states from the state table (common/orders.ts), never written here.
  const cancelled = sql`d.status in (${sql.join(CANCELLED_STATES)})`;
  const delivered = sql`d.status in (${sql.join(COD_COLLECTED_STATES)})`;
  const row = await db
    .selectFrom(d)
    .select([
      sql<number>`count(*)`.as('placed'),
      sql<number>`coalesce(sum(d.total), 0) * 100`.as('placed_paise'),
      when(cancelled, sql`1`).as('cancelled'),
      when(cancelled, sql`d.total * 100`).as('cancelled_paise'),
      when(sql`d.advance_state = 'received'`, sql`1`).as('adv_received'),
      when(sql`d.advance_state = 'received'`, sql`d.received_paise`).as('adv_received_paise'),
      when(sql`d.advance_state = 'submitted'`, sql`1`).as('adv_waiting'),
      when(sql`d.advance_state = 'submitted'`, sql`d.advance_paise`).as('adv_waiting_paise'),
      when(delivered, sql`1`).as('delivered'),
      when(delivered, sql`d.due_paise`).as('cod_expected'),
      when(delivered, sql`d.remitted_paise`).as('cod_received'),
      when(returned, sql`1`).as('returns'),
      when(returned, sql`d.total * 100`).as('returns_paise'),
      // The sale lost is the total less what the shop kept: an advance refunded or not settled yet is no
      // money kept (a walk found the returned order's ₹300 counted as kept while nothing said so).
      when(returned, sql`d.total * 100 - d.kept_paise`).as('returns_lost'),
      when(sql`d.kept_paise > 0`, sql`1`).as('adv_kept'),
      when(sql`d.kept_paise > 0`, sql`d.kept_paise`).as('adv_kept_paise'),
      when(sql`d.unsettled = 1`, sql`1`).as('adv_to_settle'),
      when(sql`d.unsettled = 1`, sql`d.received_paise - d.refunded_paise`).as('adv_to_settle_paise'),
      when(sql`d.refunded_paise > 0`, sql`1`).as('refunded'),
      when(sql`d.refunded_paise > 0`, sql`d.refunded_paise`).as('refunded_paise'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  const expected = n(row.cod_expected);
  const received = n(row.cod_received);
  return {
    orders: {
      placed: { count: n(row.placed), paise: n(row.placed_paise) },
      cancelled: { count: n(row.cancelled), paise: n(row.cancelled_paise) },
    },
    advances: {
      received: { count: n(row.adv_received), paise: n(row.adv_received_paise) },
      awaitingCheck: { count: n(row.adv_waiting), paise: n(row.adv_waiting_paise) },
      kept: { count: n(row.adv_kept), paise: n(row.adv_kept_paise) },
      toSettle: { count: n(row.adv_to_settle), paise: n(row.adv_to_settle_paise) },
      refunded: { count: n(row.refunded), paise: n(row.refunded_paise) },
    },
    cod: {
      delivered: n(row.delivered),
      expectedPaise: expected,
      receivedPaise: received,
      outstandingPaise: expected - received,
    },
    returns: { count: n(row.returns), valuePaise: n(row.returns_paise), lostPaise: n(row.returns_lost) },
  };
}

function registerRow(doc: Gstr1Document): RegisterRow {
  const sign = doc.type === 'invoice' ? 1 : -1;
  return {
    type: doc.type,
    number: doc.number,
    date: doc.date,
    invoiceNumber: doc.invoiceNumber,
    order: doc.orderNumber,
    buyer: doc.buyerName,
    supplyCode: doc.supplyCode,
    rateBp: doc.rateBp,
    taxablePaise: sign * doc.totals.taxable,
    cgstPaise: sign * doc.totals.cgst,
    sgstPaise: sign * doc.totals.sgst,
    igstPaise: sign * doc.totals.igst,
    totalPaise: sign * doc.totals.total,
  };
}

/**
 * The register's rows (invoices, then credit notes, each oldest first), a page at a time, for the
 * CSV; `glance` keeps the first LIST_ROWS and folds every row into GST by rate.
 */
export async function* registerRows(db: Db, period: Period): AsyncGenerator<RegisterRow[]> {
  for await (const page of periodInvoices(db, period)) yield page.map(registerRow);
  for await (const page of periodCreditNotes(db, period)) yield page.map(registerRow);
}

export async function moneyGlance(db: Db, from: string, to: string): Promise<MoneyGlance> {
  const period = moneyPeriod(from, to);
  const figures = await orderFigures(db, period);
  const byRate = new Map<number, MoneyGlance['gst'][number]>();
  const rows: RegisterRow[] = [];
  let total = 0;
  for await (const page of registerRows(db, period)) {
    for (const r of page) {
      total++;
      if (rows.length < LIST_ROWS) rows.push(r);
      const g = byRate.get(r.rateBp) ?? { rateBp: r.rateBp, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
      g.taxablePaise += r.taxablePaise;
      g.cgstPaise += r.cgstPaise;
      g.sgstPaise += r.sgstPaise;
      g.igstPaise += r.igstPaise;
      byRate.set(r.rateBp, g);
    }
  }
  return {
    from,
    to,
    ...figures,
    gst: [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp),
    register: { total, rows },
  };
}
