/**
 * An order's after-sales as the shopper reads it (docs/product.md#after-sales): when it was
 * delivered, until when each kind of request may be asked (or why not any more), the courier's
 * charge each way of an exchange, the shop's return address, and each line with its request.
 */
import { afterSalesWindows, windowClosedReason } from '../../common/after-sales-rules.ts';
import type { OrderAfterSales } from '../../common/schemas/after-sales.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { ORDER_NOT_FOUND } from '../orders/lock.ts';
import { deliveredAt, requestsOfOrder, toShopperRequest } from './queries.ts';

/** The state of the shopper's own order, or undefined for none (or someone else's). */
export async function ownOrderStatus(db: Db, userId: string, number: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('number', '=', number)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.status;
}

export async function orderAfterSales(
  db: Db,
  config: Config,
  userId: string,
  number: string,
  now = Date.now(),
): Promise<OrderAfterSales> {
  const order = await db
    .selectFrom('orders')
    .select(['id'])
    .where('number', '=', number)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [delivered, lines, requests] = await Promise.all([
    deliveredAt(db, order.id),
    db
      .selectFrom('order_lines')
      .select(['line_no', 'product_id', 'product_name', 'discount_price'])
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute(),
    requestsOfOrder(db, order.id),
  ]);
  const until = delivered ? afterSalesWindows(delivered) : null;
  return {
    deliveredAt: delivered,
    until: { exchange: until?.exchange ?? null, problem: until?.problem ?? null },
    closed: {
      exchange: windowClosedReason('exchange', delivered, now),
      problem: windowClosedReason('problem', delivered, now),
    },
    courierEachWay: config.exchangeCourierCharge,
    returnAddress: `${config.shop.legalName}, ${config.shop.address}`,
    lines: lines.map((l) => {
      const own = requests.filter((r) => Number(r.line_no) === Number(l.line_no));
      // The open one if any, else the latest (newest first).
      const shown = own.find((r) => r.open_key !== null) ?? own[0];
      return {
        lineNo: Number(l.line_no),
        productId: l.product_id,
        name: l.product_name,
        price: Number(l.discount_price),
        request: shown ? toShopperRequest(shown, shown.replacement_number) : null,
      };
    }),
  };
}
