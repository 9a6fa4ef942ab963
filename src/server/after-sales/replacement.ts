/**
 * The replacement order of a checked exchange or problem report (docs/product.md#after-sales;
 * docs/decisions/064-after-sales-requests.md): a new order linked to the first (its request's
 * replacement_order_id, its first event's note), sent to the first order's address, with its own
 * invoice given at dispatch like any order's, and its counted stock taken.
 *
 * What it costs is what the shopper still owes, and nothing else: for an exchange the price
 * difference (never negative: exchange only) and the courier both ways (common/after-sales-rules.ts
 * exchangeMoney); for a problem report nothing. So the order's total is that sum, and its advance
 * is the whole of it: collected by UPI through the existing advance path before the packing gate
 * lets it leave, nothing collected on delivery (codMoney: advance = total, on delivery 0). A
 * replacement owing nothing has its advance waived, with the reason. The line is the watch sent,
 * with its MRP and, as its price, what is charged for it now: the watch already paid for on the
 * first order is not sold twice.
 */
import type { Transaction } from 'kysely';
import { exchangeMoney } from '../../common/after-sales-rules.ts';
import type { Config } from '../config.ts';
import { newId, nowIso } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import type { Database } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import { queueOrderMessage, runPlacedHooks } from '../orders/hooks.ts';
import { addOrderEvent } from '../orders/order-events.ts';
import { nextOrderNumber } from '../orders/order-number.ts';
import { takeStock } from '../orders/stock.ts';
import type { RequestRow } from './queries.ts';

export const REPLACEMENT_UNAVAILABLE = (name: string) =>
  `“${name}” is out of stock or no longer sold: restock it, or refund instead.`;
export const NOTHING_OWED_NOTE = 'Replacement: nothing more to pay';

export async function placeReplacement(
  trx: Transaction<Database>,
  config: Config,
  row: RequestRow,
): Promise<{ orderId: string; number: string; due: number }> {
  const first = await trx
    .selectFrom('orders')
    .select(['id', 'number', 'user_id', 'user_phone', 'buyer_name', 'buyer_gstin', 'buyer_business_name', 'address'])
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  const line = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'discount_price'])
    .where('order_id', '=', row.order_id)
    .where('line_no', '=', row.line_no)
    .executeTakeFirstOrThrow();
  const productId = row.kind === 'exchange' ? (row.wanted_product_id ?? line.product_id) : line.product_id;
  const product = await trx
    .selectFrom('products')
    .select(['id', 'name', 'price', 'discount_price', 'images', 'hsn_code', 'uqc', 'deleted_at', 'in_stock'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product || product.deleted_at !== null) {
    throw new AppError(409, 'unavailable', REPLACEMENT_UNAVAILABLE(row.wanted_name ?? 'The watch'));
  }
  const due =
    row.kind === 'exchange'
      ? exchangeMoney(
          Number(line.discount_price),
          Number(row.wanted_price ?? product.discount_price),
          config.exchangeCourierCharge,
        ).due
      : 0;
  const lines = [
    {
      line_no: 1,
      product_id: product.id,
      product_name: product.name,
      image: parseJsonList<string>(product.images)[0] ?? '',
      price: Math.max(Number(product.price), due),
      discount_price: due,
      quantity: 1,
      hsn_code: product.hsn_code,
      uqc: product.uqc,
    },
  ];
  // Refuses an out-of-stock watch in the order's own words (orders/stock.ts).
  await takeStock(trx, lines);
  const orderId = newId();
  const now = nowIso();
  const number = await nextOrderNumber(trx, config.orderPrefix);
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      number,
      user_id: first.user_id,
      user_phone: first.user_phone,
      buyer_name: first.buyer_name,
      buyer_gstin: first.buyer_gstin,
      buyer_business_name: first.buyer_business_name,
      address: first.address,
      status: 'ordered',
      total_mrp: lines[0]!.price,
      total: due,
      // One replacement per request, even if the owner's click is repeated.
      idempotency_key: `after-sales-${row.id}`,
      advance_amount: due,
      ...(due === 0 ? { advance_state: 'waived', advance_note: NOTHING_OWED_NOTE } : {}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('order_lines')
    .values(lines.map((l) => ({ ...l, order_id: orderId })))
    .execute();
  await addOrderEvent(trx, {
    orderId,
    kind: 'state',
    status: 'ordered',
    adminId: null,
    at: now,
    note: `Replacement for ${first.number} (${row.number})`,
  });
  await queueOrderMessage(trx, config, 'new-order', orderId);
  await runPlacedHooks({ trx, config, orderId, userId: first.user_id, whatsappUpdates: false, at: now });
  return { orderId, number, due };
}
