/** Reading a shopper's own orders: their lines, totals, status label, delivery window and advance. */

import { ADVANCE_LABELS, type AdvanceState, upiPayLink } from '../../common/advance.ts';
import { cartTotals, type Totals } from '../../common/money.ts';
import { deliveryWindow, HISTORY_STATES } from '../../common/orders.ts';
import { shopperMayReadInvoice } from '../../common/paperwork.ts';
import { payInFullPlan } from '../../common/pay-in-full.ts';
import type { Order, OrderAdvance, OrderView } from '../../common/schemas/order.ts';
import { awaitingChoice, shopperStatusLabel } from '../../common/shipments.ts';
import type { Config } from '../config.ts';
import type { Db, OrderLineRow, OrderRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { creditNoteNumbersOf } from './credit-note-numbers.ts';
import { type OrderParcel, parcels } from './hooks.ts';
import { mayPayInFull } from './pay-in-full.ts';
import { settlementsOf } from './settlement-read.ts';

export const ORDER_NOT_FOUND = 'We could not find this order';

/** A shopper's screens show at most this many orders (newest first). */
const LIST_LIMIT = 100;

/** The lines of these orders, in order (used by the shopper's and the admin's order views). */
export function orderLinesOf(db: Db, orderIds: string[]) {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/** The order's advance as its shopper reads it: Your Orders and the advance link (advance-link.ts). */
export function orderAdvanceOf(config: Config, row: OrderRow): OrderAdvance {
  const advance = row.advance_state as AdvanceState;
  const money = orderCodMoney(row);
  return {
    amount: money.advance,
    balance: money.onDelivery,
    state: advance,
    label: ADVANCE_LABELS[advance] ?? ADVANCE_LABELS.awaiting,
    utr: row.advance_utr,
    note: advance === 'refused' ? row.advance_note : null,
    payLink: config.upi && money.dueNow > 0 ? upiPayLink(config.upi, row.number, money.dueNow) : null,
    inFull: money.advance > 0 && money.onDelivery === 0,
    inFullDiscount: Number(row.full_pay_discount),
    inFullOffer: mayPayInFull(row) ? payInFullPlan(Number(row.total), config.payInFull) : null,
  };
}

/** What an order's view reads beside its row: its lines, and what the owner and the courier did since. */
interface OrderBeside {
  lines: readonly OrderLineRow[];
  setByAdmin: boolean;
  parcel: OrderParcel | undefined;
  creditNote: string | undefined;
  /** What became of the money paid (orders/settlement-read.ts); undefined for an order just placed. */
  settlement?: Order['settlement'];
  /** The signed failed-delivery link's path, when any order of the list awaits that choice. */
  choicePath: ((orderNumber: string) => string) | null;
}

/** One order as its shopper reads it, from its row and what was read beside it. */
function orderView(config: Config, row: OrderRow, beside: OrderBeside): Order {
  const own = beside.lines.map((l) => ({
    productId: l.product_id,
    name: l.product_name,
    image: l.image,
    price: Number(l.price),
    discountPrice: Number(l.discount_price),
    quantity: Number(l.quantity),
  }));
  const step = beside.parcel?.step;
  return {
    number: row.number,
    createdAt: row.created_at,
    address: row.address,
    status: row.status,
    statusLabel: shopperStatusLabel(row.status, beside.setByAdmin, step),
    lines: own,
    // The discount for paying in full is part of the order's discount (its total is after it).
    totals: lessInFullDiscount(cartTotals(own), Number(row.full_pay_discount)),
    delivery: deliveryWindow(row.created_at),
    advance: orderAdvanceOf(config, row),
    invoiceNumber: shopperMayReadInvoice(row.status, beside.creditNote !== undefined) ? row.invoice_number : null,
    creditNoteNumber: beside.creditNote ?? null,
    shipment: beside.parcel?.shopper ?? null,
    deliveryChoicePath: beside.choicePath && awaitingChoice(row.status, step) ? beside.choicePath(row.number) : null,
    settlement: beside.settlement ?? null,
  };
}

async function withLines(db: Db, config: Config, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, adminEvents, shipments] = await Promise.all([
    orderLinesOf(db, ids),
    db
      .selectFrom('order_events')
      .select('order_id')
      .distinct()
      .where('order_id', 'in', ids)
      .where('kind', '=', 'state')
      .where('admin_id', 'is not', null)
      .execute(),
    parcels().parcels(db, ids),
  ]);
  const setByAdmin = new Set(adminEvents.map((e) => e.order_id));
  // The failed-delivery link is signed with the store's secret (shipping/delivery-choice-link.ts).
  const choicePath = rows.some((row) => awaitingChoice(row.status, shipments.get(row.id)?.step))
    ? await parcels().choicePaths(db, config)
    : null;
  const [creditNotes, settlements] = await Promise.all([creditNoteNumbersOf(db, ids), settlementsOf(db, rows)]);
  return rows.map((row) =>
    orderView(config, row, {
      lines: lines.filter((l) => l.order_id === row.id),
      setByAdmin: setByAdmin.has(row.id),
      parcel: shipments.get(row.id),
      creditNote: creditNotes.get(row.id),
      choicePath,
      settlement: settlements.get(row.id),
    }),
  );
}

/**
 * The answer to placing an order, from the rows its transaction wrote (issue 39): an order just
 * placed has no owner's change, parcel or credit note yet, so reading them back, and the rows
 * themselves, would be five round trips that can only find what was written.
 */
export function placedOrderView(config: Config, row: OrderRow, lines: readonly OrderLineRow[]): Order {
  const inOrder = [...lines].sort((a, b) => Number(a.line_no) - Number(b.line_no));
  return orderView(config, row, {
    lines: inOrder,
    setByAdmin: false,
    parcel: undefined,
    creditNote: undefined,
    choicePath: null,
  });
}

function lessInFullDiscount(totals: Totals, inFull: number): Totals {
  return inFull > 0 ? { ...totals, discount: totals.discount + inFull, total: totals.total - inFull } : totals;
}

/** open: everything not delivered (Your Orders, cancelled included); delivered: History. Newest first. */
export async function listOrders(db: Db, config: Config, userId: string, view: OrderView): Promise<Order[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (view === 'open') query = query.where('status', 'not in', HISTORY_STATES);
  if (view === 'delivered') query = query.where('status', 'in', HISTORY_STATES);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  return withLines(db, config, rows);
}

/** Which order: by its number (what URLs carry) or its internal id (right after placing it). */
export type OrderKey = { number: string } | { id: string };

/** The row of one of this shopper's orders; anyone else's is the same 404 as a missing one. */
export async function ownOrderRow(db: Db, userId: string, key: OrderKey): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => ('number' in key ? eb('number', '=', key.number) : eb('id', '=', key.id)))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** One order as its shopper reads it, only for its owner. */
export async function getOwnOrder(db: Db, config: Config, userId: string, key: OrderKey): Promise<Order> {
  const [order] = await withLines(db, config, [await ownOrderRow(db, userId, key)]);
  return order!;
}

export async function findOrderIdByKey(db: Db, userId: string, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id ?? null;
}
