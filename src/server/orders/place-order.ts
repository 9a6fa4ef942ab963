/**
 * Placing an order (docs/product.md "Checkout"): one transaction that re-prices
 * every line from the database, refuses deleted or out-of-stock watches, takes
 * counted stock, gives the order its number, stores it with a price snapshot
 * and its first event, queues the owner's "new order" mail, and takes the
 * ordered watches out of the cart. The idempotency key makes a double submit
 * return the first order instead of making a second.
 */
import { sql, type Transaction } from 'kysely';
import { MAX_CART_LINES } from '../../common/constants.ts';
import { cartTotals } from '../../common/money.ts';
import type { PlaceOrderInput } from '../../common/schemas/order.ts';
import { PRODUCT_FIELDS } from '../cart/queries.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import { reusedQuery, slot } from '../db/reused-query.ts';
import { sentWithNext } from '../db/sent-with-next.ts';
import type { Database, Db, OrderLineRow, OrderRow } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, badRequest, unauthorized } from '../http/errors.ts';
import { assessOrder, riskColumns } from '../risk/assess.ts';
import { queueOrderMessage, runPlacedHooks } from './hooks.ts';
import { addOrderEvent } from './order-events.ts';
import { newOrderNumber } from './order-number.ts';
import { orderPayment } from './pay-in-full.ts';
import { findOrderIdByKey } from './queries.ts';
import { notEnoughStockMessage, takeStock } from './stock.ts';
import { tooManyUnpaid, unpaidCountQuery } from './unpaid.ts';

export const CART_EMPTY = 'Your cart is empty. Add a watch to place an order.';
export const TOO_MANY_LINES = `An order can hold at most ${MAX_CART_LINES} different watches. Please remove some from your cart.`;
export const DUPLICATE_LINE = 'Each watch can appear only once in an order';
export const unavailableMessage = (name: string) =>
  `Sorry, “${name}” is out of stock or no longer sold. Please remove it from your cart to place the order.`;
/** Why an order placed without an advance (COD_ADVANCE=0, or a low tier asking none) is past the packing gate. */
export const NO_ADVANCE_NOTE = 'No advance was asked when this order was placed';
export const UNKNOWN_IN_ORDER = 'One of the watches in your order is no longer sold. Please remove it and try again.';

export type Placed =
  /** The rows this call wrote, as stored: the answer is made from them (queries.ts placedOrderView). */
  | { orderId: string; created: true; row: OrderRow; lines: OrderLineRow[] }
  /** The key had already placed this order. */
  | { orderId: string; created: false };

/** The shopper's row lock (compiled once, db/reused-query.ts): a no-op update that returns what the order keeps. */
const lockShopper = reusedQuery((db) =>
  db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', slot<string>('userId'))
    // An account erased in another tab after this request's session check orders nothing.
    .where('deleted_at', 'is', null)
    .returning(['phone', 'name']),
);

/** The order this key placed already, and the shopper's unpaid orders counted up to `upTo` (unpaid.ts). */
function earlierAndUnpaidQuery(db: Db | Transaction<Database>, count: boolean) {
  const userId = slot<string>('userId');
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', slot<string>('key'))
      .as('earlier'),
    count
      ? unpaidCountQuery(db, userId, slot<string>('phone'), slot<number>('upTo')).as('unpaid')
      : sql<number>`0`.as('unpaid'),
  ]);
}

/**
 * Built and compiled once (db/reused-query.ts): Kysely took ~50 µs of CPU per order to build and
 * compile this statement's nested unions afresh (docs/decisions/073-order-cpu.md).
 */
const earlierAndCounted = reusedQuery((db) => earlierAndUnpaidQuery(db, true));
const earlierOnly = reusedQuery((db) => earlierAndUnpaidQuery(db, false));

/**
 * The order this key placed already, and (when the shop asks an advance) how many unpaid orders the
 * shopper holds, in one statement: on PostgreSQL each statement is a round trip (issue 39).
 */
async function earlierAndUnpaid(
  trx: Transaction<Database>,
  config: Config,
  user: { id: string; phone: string },
  key: string,
): Promise<{ earlier: string | null; unpaid: number }> {
  const values = { userId: user.id, key, phone: user.phone, upTo: config.unpaidOrdersMax };
  const [row] = await (config.codAdvance > 0 ? earlierAndCounted : earlierOnly)(trx, values);
  if (!row) throw new Error('earlierAndUnpaid: no row');
  return { earlier: row.earlier ?? null, unpaid: Number(row.unpaid) };
}

export async function placeOrder(db: Db, config: Config, userId: string, input: PlaceOrderInput): Promise<Placed> {
  // No look for the key before the transaction: it is read again under the lock anyway, and a
  // double submit is rare, so the look cost every order a round trip for nothing (issue 39).
  try {
    return await writeTransaction(db, async (trx) => {
      // Serialise this shopper's checkouts: a no-op update takes the user row's
      // write lock (PostgreSQL row lock; SQLite's one writer). Only then are the
      // key and the cart read, so under READ COMMITTED a concurrent checkout
      // that committed first is seen: the same key returns its order, and a
      // second tab finds the cart already ordered instead of ordering it twice.
      const [user] = await lockShopper(trx, { userId });
      if (!user) throw unauthorized();
      const seen = await earlierAndUnpaid(trx, config, { id: userId, phone: user.phone }, input.idempotencyKey);
      if (seen.earlier) return { orderId: seen.earlier, created: false };
      // No booking without the advance: a shopper cannot hold more than a few unpaid orders (unpaid.ts).
      if ((config.codAdvance > 0 || input.payInFull === true) && seen.unpaid >= config.unpaidOrdersMax) {
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

      const risk = await assessOrder(
        trx,
        { userId, phone: user.phone, address: input.address, total: totals.total },
        config.codAdvance,
      );
      const advance = input.payInFull === true ? payment.advance : risk.advance;
      await takeStock(trx, lines);
      const orderId = newId();
      const now = nowIso();
      const row = await trx
        .insertInto('orders')
        .values({
          id: orderId,
          number: await newOrderNumber(trx, config.orderPrefix),
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
          // The advance its risk tier asks under the owner's COD RULES (or the plain setting for a
          // holdout order), kept on the order with its tier and reasons (docs/product.md#the-advance;
          // risk/assess.ts); with none asked the order is past the packing gate at once.
          ...riskColumns(risk),
          // Paid in full: the advance is the whole (discounted) total, whatever the tier asks (decision 061).
          advance_amount: advance,
          ...(advance === 0 ? { advance_state: 'waived', advance_note: NO_ADVANCE_NOTE } : {}),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Every column of a line is written here (none has a default), so the rows written are the
      // answer's lines, and nothing reads the insert's answer: on PostgreSQL it leaves with the
      // next statement (db/sent-with-next.ts; orders.test.ts checks the answer against a read).
      const stored = lines.map((l) => ({ ...l, order_id: orderId }));
      await sentWithNext(trx.insertInto('order_lines').values(stored)).execute();
      await addOrderEvent(trx, { orderId, kind: 'state', status: 'ordered', adminId: null, at: now });
      // Nothing reads its answer: on PostgreSQL it leaves with the next statement (db/sent-with-next.ts).
      await sentWithNext(
        trx.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', ids),
      ).execute();
      await queueOrderMessage(trx, config, 'new-order', orderId);
      // The shopper's WhatsApp consent and Confirm/Cancel message (notifications/order-hooks.ts).
      await runPlacedHooks({ trx, config, orderId, userId, whatsappUpdates: input.whatsappUpdates === true, at: now });
      return { orderId, created: true, row, lines: stored };
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
