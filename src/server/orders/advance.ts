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
import { queueOrderMail } from '../notifications/order-mail.ts';
import { addOrderEvent } from './order-events.ts';
import { ORDER_NOT_FOUND } from './queries.ts';

export const UTR_TAKEN =
  'This UPI reference is already used for another order. Please check the number in your payment app.';
export const ADVANCE_CLOSED = 'The advance of this order is already settled: there is nothing more to send.';
export const ORDER_CANCELLED = 'This order is cancelled: no advance is needed.';
/** References a shopper may send for one order: enough to correct typos, not to flood the owner. */
export const MAX_REFERENCES = 5;
export const TOO_MANY_REFERENCES = `You have sent ${MAX_REFERENCES} references for this order. Please message the shop on WhatsApp to sort out the payment.`;

export async function submitAdvance(db: Db, config: Config, userId: string, orderNumber: string, utr: string) {
  try {
    await db.transaction().execute(async (trx) => {
      // The update takes the order's row lock, so an owner's finding made meanwhile is seen below.
      const order = await trx
        .updateTable('orders')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('number', '=', orderNumber)
        .where('user_id', '=', userId)
        .returning(['id', 'status', 'advance_state', 'advance_utr'])
        .executeTakeFirst();
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
      if (order.advance_state !== 'submitted') await queueOrderMail(trx, config, 'advance-submitted', order.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(UTR_TAKEN, { utr: UTR_TAKEN });
    throw err;
  }
}
