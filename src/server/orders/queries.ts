/** Reading a shopper's own orders: their lines, totals, status label and delivery window. */
import { cartTotals } from '../../common/money.ts';
import { deliveryWindow, orderStatusLabel } from '../../common/orders.ts';
import type { Order, OrderView } from '../../common/schemas/order.ts';
import type { Db, OrderRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';

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

async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, adminEvents] = await Promise.all([
    orderLinesOf(db, ids),
    db
      .selectFrom('order_events')
      .select('order_id')
      .distinct()
      .where('order_id', 'in', ids)
      .where('admin_id', 'is not', null)
      .execute(),
  ]);
  const setByAdmin = new Set(adminEvents.map((e) => e.order_id));
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
      id: row.id,
      createdAt: row.created_at,
      address: row.address,
      status: row.status,
      statusLabel: orderStatusLabel(row.status, setByAdmin.has(row.id)),
      lines: own,
      totals: cartTotals(own),
      delivery: deliveryWindow(row.created_at),
    };
  });
}

/** open: everything not delivered (Your Orders, cancelled included); delivered: History. Newest first. */
export async function listOrders(db: Db, userId: string, view: OrderView): Promise<Order[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (view === 'open') query = query.where('status', '!=', 'delivered');
  if (view === 'delivered') query = query.where('status', '=', 'delivered');
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  return withLines(db, rows);
}

/** One order, only for its owner: anyone else gets the same 404 as for a missing order. */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [order] = await withLines(db, [row]);
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
