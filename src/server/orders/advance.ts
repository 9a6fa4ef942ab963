/**
 * The shopper's side of the advance (docs/product.md#the-advance): they pay by UPI and
 * send the 12-digit reference (UTR) their app shows; the order then reads
 * "Advance: checking" until the owner finds the payment (orders/order-changes.ts recordAdvance).
 * A reference proves one payment, so it can stand on one order only (a unique
 * index); a malformed one is refused by the route's schema. Nothing is stored
 * when any check fails.
 */
import { advanceOpenToShopper } from '../../common/advance.ts';
import { stateRule } from '../../common/orders.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import { queueOrderMessage } from './hooks.ts';
import { lockOrderRow } from './lock.ts';
import { addOrderEvent } from './order-events.ts';
import { ORDER_NOT_FOUND } from './queries.ts';

export const UTR_TAKEN =
  'This UPI reference is already used for another order. Please check the number in your payment app.';
export const ADVANCE_CLOSED = 'The advance of this order is already settled: there is nothing more to send.';
export const ORDER_CANCELLED = 'This order is cancelled: no advance is needed.';
/** References a shopper may send for one order: enough to correct typos, not to flood the owner. */
export const MAX_REFERENCES = 5;
export const TOO_MANY_REFERENCES = `You have sent ${MAX_REFERENCES} references for this order. Please message the shop on WhatsApp to sort out the payment.`;
/**
 * References one account may send in a day over all its orders (issue 34 item 2): more than its few
 * open orders' corrections need, and a bound on made-up references put before the owner.
 */
export const MAX_ACCOUNT_REFERENCES = 10;
export const ACCOUNT_REFERENCES_WINDOW_MS = 24 * 3_600_000;
export const TOO_MANY_ACCOUNT_REFERENCES = `You have sent ${MAX_ACCOUNT_REFERENCES} UPI references in the last 24 hours. Please message the shop on WhatsApp to sort out the payment.`;

export async function submitAdvance(db: Db, config: Config, userId: string, orderNumber: string, utr: string) {
  try {
    await db.transaction().execute(async (trx) => {
      // The account's row lock first (as placing an order takes it), so two references sent at once
      // for two of its orders are counted one after the other against the account's limit.
      const user = await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!user) throw notFound(ORDER_NOT_FOUND);
      // The update takes the order's row lock, so an owner's finding made meanwhile is seen below.
      const order = await lockOrderRow(trx, { number: orderNumber, userId });
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!stateRule(order.status).live) throw conflict(ORDER_CANCELLED);
      if (!advanceOpenToShopper(order.advance_state)) throw conflict(ADVANCE_CLOSED);
      if (order.advance_utr === utr && order.advance_state === 'submitted') return; // sent twice: nothing new
      const sent = await trx
        .selectFrom('order_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', order.id)
        .where('kind', '=', 'advance')
        .where('status', '=', 'submitted')
        .executeTakeFirstOrThrow();
      if (Number(sent.n) >= MAX_REFERENCES) throw new AppError(429, 'too_many_references', TOO_MANY_REFERENCES);
      const now = nowIso();
      // Counted from the orders' own events: the shopper's references are the events without an admin.
      const sentByAccount = await trx
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('orders.user_id', '=', userId)
        .where('order_events.kind', '=', 'advance')
        .where('order_events.status', '=', 'submitted')
        .where('order_events.admin_id', 'is', null)
        .where('order_events.created_at', '>', nowIso(Date.now() - ACCOUNT_REFERENCES_WINDOW_MS))
        .executeTakeFirstOrThrow();
      if (Number(sentByAccount.n) >= MAX_ACCOUNT_REFERENCES) {
        throw new AppError(429, 'too_many_references', TOO_MANY_ACCOUNT_REFERENCES);
      }
      await trx
        .updateTable('orders')
        .set({ advance_state: 'submitted', advance_utr: utr, advance_note: null, updated_at: now })
        .where('id', '=', order.id)
        .execute();
      await addOrderEvent(trx, {
        orderId: order.id,
        kind: 'advance',
        status: 'submitted',
        adminId: null,
        note: `UTR ${utr}`,
        at: now,
      });
      // The owner hears of a reference to check once; a correction of one not yet
      // checked shows on the dashboard without another mail.
      if (order.advance_state !== 'submitted') await queueOrderMessage(trx, config, 'advance-submitted', order.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(UTR_TAKEN, { utr: UTR_TAKEN });
    throw err;
  }
}
