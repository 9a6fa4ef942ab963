/**
 * Placing an order (docs/product.md "Checkout"): one transaction that re-prices
 * every line from the database, refuses deleted or out-of-stock watches, takes
 * counted stock, gives the order its number, stores it with a price snapshot
 * and its first event, queues the owner's "new order" mail, and takes the
 * ordered watches out of the cart. The idempotency key makes a double submit
 * return the first order instead of making a second.
 */
import { MAX_CART_LINES } from '../../common/constants.ts';
import { cartTotals } from '../../common/money.ts';
import type { PlaceOrderInput } from '../../common/schemas/order.ts';
import { PRODUCT_FIELDS } from '../cart/queries.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, badRequest, unauthorized } from '../http/errors.ts';
import { queueOrderMessage, runPlacedHooks } from './hooks.ts';
import { addOrderEvent } from './order-events.ts';
import { nextOrderNumber } from './order-number.ts';
import { orderPayment } from './pay-in-full.ts';
import { findOrderIdByKey } from './queries.ts';
import { notEnoughStockMessage, takeStock } from './stock.ts';
import { countUnpaidOrders, tooManyUnpaid } from './unpaid.ts';

export const CART_EMPTY = 'Your cart is empty. Add a watch to place an order.';
export const TOO_MANY_LINES = `An order can hold at most ${MAX_CART_LINES} different watches. Please remove some from your cart.`;
export const DUPLICATE_LINE = 'Each watch can appear only once in an order';
export const unavailableMessage = (name: string) =>
  `Sorry, “${name}” is out of stock or no longer sold. Please remove it from your cart to place the order.`;
/** Why an order placed while the shop asked no advance (COD_ADVANCE=0) is past the packing gate. */
export const NO_ADVANCE_NOTE = 'No advance was asked when this order was placed';
export const UNKNOWN_IN_ORDER = 'One of the watches in your order is no longer sold. Please remove it and try again.';

export interface Placed {
  orderId: string;
  /** False when the key had already placed this order. */
  created: boolean;
}

export async function placeOrder(db: Db, config: Config, userId: string, input: PlaceOrderInput): Promise<Placed> {
  const earlier = await findOrderIdByKey(db, userId, input.idempotencyKey);
  if (earlier) return { orderId: earlier, created: false };
  try {
    return await writeTransaction(db, async (trx) => {
      // Serialise this shopper's checkouts: a no-op update takes the user row's
      // write lock (PostgreSQL row lock; SQLite's one writer). Only then are the
      // key and the cart read, so under READ COMMITTED a concurrent checkout
      // that committed first is seen: the same key returns its order, and a
      // second tab finds the cart already ordered instead of ordering it twice.
      const user = await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        // An account erased in another tab after this request's session check orders nothing.
        .where('deleted_at', 'is', null)
        .returning(['phone', 'name'])
        .executeTakeFirst();
      if (!user) throw unauthorized();
      const again = await findOrderIdByKey(trx, userId, input.idempotencyKey);
      if (again) return { orderId: again, created: false };
      // No booking without the advance: a shopper cannot hold more than a few unpaid orders (unpaid.ts).
      if (
        (config.codAdvance > 0 || input.payInFull === true) &&
        (await countUnpaidOrders(trx, userId, user.phone, config.unpaidOrdersMax)) >= config.unpaidOrdersMax
      ) {
        throw new AppError(409, 'too_many_unpaid', tooManyUnpaid(config.unpaidOrdersMax));
      }

      const wanted =
        input.lines ??
        (
          await trx
            .selectFrom('cart_items')
            .select(['product_id as productId', 'quantity'])
            .where('user_id', '=', userId)
            .orderBy('added_at')
            .orderBy('product_id')
            .execute()
        ).map((l) => ({ productId: l.productId, quantity: Number(l.quantity) }));
      if (wanted.length === 0) throw badRequest(CART_EMPTY);
      // The cart holds at most 50 lines (cart/queries.ts); a cart filled before that cap is held here.
      if (wanted.length > MAX_CART_LINES) throw badRequest(TOO_MANY_LINES);
      const ids = wanted.map((l) => l.productId);
      if (new Set(ids).size !== ids.length) throw badRequest(DUPLICATE_LINE);

      const products = await trx
        .selectFrom('products')
        .select([...PRODUCT_FIELDS, 'hsn_code', 'uqc'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      const lines = wanted.map((w, i) => {
        const p = byId.get(w.productId);
        if (!p) throw new AppError(409, 'unavailable', UNKNOWN_IN_ORDER);
        if (p.deleted_at !== null || Number(p.in_stock) !== 1) {
          throw new AppError(409, 'unavailable', unavailableMessage(p.name));
        }
        if (p.stock_count !== null && Number(p.stock_count) < w.quantity) {
          throw new AppError(409, 'out_of_stock', notEnoughStockMessage(p.name, Number(p.stock_count)));
        }
        return {
          line_no: i + 1,
          product_id: p.id,
          product_name: p.name,
          image: parseJsonList<string>(p.images)[0] ?? '',
          price: Number(p.price),
          discount_price: Number(p.discount_price),
          quantity: w.quantity,
          hsn_code: p.hsn_code,
          uqc: p.uqc,
        };
      });
      const totals = cartTotals(lines.map((l) => ({ ...l, discountPrice: l.discount_price })));
      // Paid in full: the advance is the whole (discounted) total, so nothing is collected on delivery.
      const payment = orderPayment(config, totals.total, input.payInFull === true);

      await takeStock(trx, lines);
      const orderId = newId();
      const now = nowIso();
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          number: await nextOrderNumber(trx, config.orderPrefix),
          user_id: userId,
          user_phone: user.phone,
          // Kept for the invoice: the name the order was placed under (docs/product.md#invoice).
          buyer_name: user.name,
          // A business buyer's, checked by the schema (common/business-buyer-rules.ts): a B2B invoice.
          buyer_gstin: input.buyerGstin || null,
          buyer_business_name: input.buyerGstin ? input.businessName || null : null,
          address: input.address,
          status: 'ordered',
          total_mrp: totals.totalMrp,
          total: payment.total,
          full_pay_discount: payment.discount,
          idempotency_key: input.idempotencyKey,
          // The advance is the setting of this moment, kept on the order (docs/product.md#the-advance);
          // with none asked the order is past the packing gate at once.
          advance_amount: payment.advance,
          ...(payment.advance === 0 ? { advance_state: 'waived', advance_note: NO_ADVANCE_NOTE } : {}),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('order_lines')
        .values(lines.map((l) => ({ ...l, order_id: orderId })))
        .execute();
      await addOrderEvent(trx, { orderId, kind: 'state', status: 'ordered', adminId: null, at: now });
      await trx.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', ids).execute();
      await queueOrderMessage(trx, config, 'new-order', orderId);
      // The shopper's WhatsApp consent and Confirm/Cancel message (notifications/order-hooks.ts).
      await runPlacedHooks({ trx, config, orderId, userId, whatsappUpdates: input.whatsappUpdates === true, at: now });
      return { orderId, created: true };
    });
  } catch (err) {
    // A concurrent submit with the same key committed first: answer with its order.
    if (isUniqueViolation(err)) {
      const winner = await findOrderIdByKey(db, userId, input.idempotencyKey);
      if (winner) return { orderId: winner, created: false };
    }
    throw err;
  }
}
