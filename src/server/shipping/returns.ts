/**
 * Returns to origin (docs/product.md#returns-to-origin): a parcel the courier brought back, which
 * the owner marks "Received back and checked". In one transaction, under the order's row lock: the
 * order ends as Returned through the owner's own setOrderState, so the state table does the rest
 * (the stock comes back, the invoice gets its credit note, the shopper's mail is queued), and the
 * shipment keeps when it came back. A second click, or a second process, finds the order already
 * returned behind the lock and changes nothing: the stock comes back once.
 */
import type { Transaction } from 'kysely';
import { RETURNED_STATES } from '../../common/orders.ts';
import { stepRule } from '../../common/shipments.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { conflict } from '../http/errors.ts';
import { lockOrder } from '../orders/lock.ts';
import { setOrderState } from '../orders/order-changes.ts';

/** The step that says the parcel is back at the shop (common/shipments.ts). */
const BACK_STEP = 'rto_delivered';

export const RECEIVED_BACK_NOTE = 'Received back and checked';
export const notBackMessage = (orderNumber: string) =>
  `Order ${orderNumber}'s parcel is not back at the shop yet: set its step to “${stepRule(BACK_STEP).ownerLabel}” first.`;

/** 'returned': this call returned it; 'already': it was returned before (nothing changed). */
export type ReceiveOutcome = 'returned' | 'already';

export async function receiveReturn(
  db: Db,
  config: Config,
  orderNumber: string,
  adminId: string,
): Promise<ReceiveOutcome> {
  return db.transaction().execute((trx) => receiveIn(trx, config, orderNumber, adminId));
}

async function receiveIn(
  trx: Transaction<Database>,
  config: Config,
  orderNumber: string,
  adminId: string,
): Promise<ReceiveOutcome> {
  // The order's row lock first: a racing second click waits here and then reads it returned.
  const order = await lockOrder(trx, orderNumber);
  if (RETURNED_STATES.includes(order.status as (typeof RETURNED_STATES)[number])) return 'already';
  const shipment = await trx
    .selectFrom('shipments')
    .select(['step'])
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (shipment?.step !== BACK_STEP) throw conflict(notBackMessage(orderNumber));
  // The table refuses what may not be returned (a delivered order) with its own words.
  await setOrderState(trx, config, orderNumber, 'returned', adminId, undefined, { note: RECEIVED_BACK_NOTE });
  await trx
    .updateTable('shipments')
    .set({ received_back_at: nowIso(), updated_at: nowIso() })
    .where('order_id', '=', order.id)
    .execute();
  return 'returned';
}
