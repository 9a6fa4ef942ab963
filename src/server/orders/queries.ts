/** Reading a shopper's own orders: their lines, totals, status label, delivery window and advance. */
import { ADVANCE_LABELS, type AdvanceState, upiPayLink } from '../../common/advance.ts';
import { cartTotals } from '../../common/money.ts';
import { deliveryWindow, HISTORY_STATES } from '../../common/orders.ts';
import { shopperMayReadInvoice } from '../../common/paperwork.ts';
import type { Order, OrderAdvance, OrderView } from '../../common/schemas/order.ts';
import { awaitingChoice, shopperStatusLabel } from '../../common/shipments.ts';
import type { Config } from '../config.ts';
import type { Db, OrderRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { creditNoteNumbersOf } from './credit-note-numbers.ts';
import { parcels } from './hooks.ts';
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
  return rows.map((row) => {
    const own = lines
      .filter((l) => l.order_id === row.id)
      .map((l) => ({
        productId: l.product_id,
        name: l.product_name,
        image: l.image,
        price: Number(l.price),
        discountPrice: Number(l.discount_price),
        quantity: Number(l.quantity),
      }));
    return {
      number: row.number,
      createdAt: row.created_at,
      address: row.address,
      status: row.status,
      statusLabel: shopperStatusLabel(row.status, setByAdmin.has(row.id), shipments.get(row.id)?.step),
      lines: own,
      totals: cartTotals(own),
      delivery: deliveryWindow(row.created_at),
      advance: orderAdvanceOf(config, row),
      invoiceNumber: shopperMayReadInvoice(row.status, creditNotes.has(row.id)) ? row.invoice_number : null,
      creditNoteNumber: creditNotes.get(row.id) ?? null,
      shipment: shipments.get(row.id)?.shopper ?? null,
      deliveryChoicePath:
        choicePath && awaitingChoice(row.status, shipments.get(row.id)?.step) ? choicePath(row.number) : null,
      settlement: settlements.get(row.id) ?? null,
    };
  });
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
