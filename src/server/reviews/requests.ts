/**
 * Asking for reviews at the right time (docs/product.md#reviews; issue 38): when an order becomes
 * delivered (the courier's delivered scan or the owner's click both go through
 * orders/transition.ts), a state hook writes the order's one review request and queues its message
 * in that very transaction. A return or cancellation closes the request: no reminder after it, and
 * the link's page says the order can no longer be reviewed. The one reminder goes
 * REVIEW_REMINDER_DAYS later when no review of the order came (sendReviewReminders, run by every
 * app process's loop: the conditional update is the claim, so two processes never remind twice).
 */
import { REVIEW_REMINDER_DAYS } from '../../common/review-rules.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { registerStateHook } from '../orders/hooks.ts';
import { queueReviewMessage } from './messages.ts';

/** Reminders queued per pass at most: a backlog goes over a few passes. */
const BATCH = 100;

export function registerReviewHooks(): void {
  registerStateHook({
    name: 'review-request',
    async after({ trx, config, order, state, changed, at }) {
      if (!changed) return;
      if (state === 'delivered') {
        // One per order, ever: a parcel delivered again after a mistaken move is not asked twice.
        const inserted = await trx
          .insertInto('review_requests')
          .values({ order_id: order.id, requested_at: at, reminded_at: null, closed_at: null })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          await queueReviewMessage(trx, config, 'review-request', order.id);
        } else {
          // Delivered again after a move back (the owner's correction): the link works again,
          // without a second message. An order that was returned or cancelled never gets here.
          await trx.updateTable('review_requests').set({ closed_at: null }).where('order_id', '=', order.id).execute();
        }
      } else {
        // Returned or cancelled (or moved back): nothing more is asked; the link refuses new reviews.
        await trx
          .updateTable('review_requests')
          .set({ closed_at: at })
          .where('order_id', '=', order.id)
          .where('closed_at', 'is', null)
          .execute();
      }
    },
  });
}

/** Queues the reminders due at `now`; returns the orders this call reminded. */
export async function sendReviewReminders(db: Db, config: Config, now = Date.now()): Promise<string[]> {
  const cutoff = nowIso(now - REVIEW_REMINDER_DAYS * 24 * 3_600_000);
  const due = await db
    .selectFrom('review_requests')
    .innerJoin('orders', 'orders.id', 'review_requests.order_id')
    .select('review_requests.order_id')
    .where('review_requests.requested_at', '<=', cutoff)
    .where('review_requests.reminded_at', 'is', null)
    .where('review_requests.closed_at', 'is', null)
    .where('orders.status', '=', 'delivered')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.order_id', '=', 'orders.id'))),
    )
    .orderBy('review_requests.requested_at')
    .limit(BATCH)
    .execute();
  const reminded: string[] = [];
  for (const { order_id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('review_requests')
        .set({ reminded_at: nowIso(now) })
        .where('order_id', '=', order_id)
        .where('reminded_at', 'is', null)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      await queueReviewMessage(trx, config, 'review-reminder', order_id);
      return true;
    });
    if (done) reminded.push(order_id);
  }
  return reminded;
}
