/**
 * A return parcel's courier events (docs/product.md#after-sales): the webhook route offers an event
 * whose AWB no shipment has to the readers registered in shipping/hooks.ts; this one takes the
 * events of a request's return AWB and moves its return step forward, as any parcel's step moves
 * (an older step after a newer one changes nothing). The parcel reaching the shop ('delivered')
 * leaves the owner's "Received back and checked" to do.
 */
import { RETURN_STEPS, type ReturnStep } from '../../common/after-sales-rules.ts';
import { writeTransaction } from '../db/group-commit.ts';
import type { ShipmentStep } from '../shipping/courier.ts';
import { registerOtherParcels } from '../shipping/hooks.ts';
import { moveReturnStep } from './owner-steps.ts';

/** The courier's steps as a return's steps; the rest (failed pickups, cancellations) leave it where it is. */
const RETURN_STEP_OF: Partial<Record<ShipmentStep, ReturnStep>> = {
  booked: 'booked',
  picked_up: 'picked_up',
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  delivered: 'delivered',
  rto_delivered: 'delivered',
};

export function registerReturnTracking(): void {
  registerOtherParcels({
    name: 'after-sales-returns',
    apply: async (db, _config, event) => {
      const row = await db
        .selectFrom('after_sales_requests')
        .select(['number', 'state'])
        .where('return_awb', '=', event.awb)
        .executeTakeFirst();
      if (!row) return false;
      const step = RETURN_STEP_OF[event.step];
      if (!step || row.state !== 'approved') return true;
      await writeTransaction(db, async (trx) => {
        const locked = await trx
          .updateTable('after_sales_requests')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('number', '=', row.number)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (locked.state !== 'approved') return;
        const current = locked.return_step;
        // A late scan of an earlier step is a fact of the past: it moves nothing back.
        if (current && RETURN_STEPS.indexOf(step) < RETURN_STEPS.indexOf(current as ReturnStep)) return;
        await moveReturnStep(trx, locked, step, event.at);
      });
      return true;
    },
  });
}
