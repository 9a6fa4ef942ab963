/**
 * The shopper cancels their own order (today from WhatsApp's Cancel button, issue 24): allowed
 * while it waits to be packed, like an unpaid order's expiry (unpaid.ts), and in one transaction:
 * the order's row lock is the claim (a repeat, an owner's packing or another process committed
 * first wins), the counted stock returns, an event by the shopper (admin null) is kept and the
 * shopper's "cancelled" message is queued.
 */
import type { Transaction } from 'kysely';
import { TO_PACK_STATES } from '../../common/orders.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { lockOrder } from './lock.ts';
import { transitionOrder } from './transition.ts';

export const SHOPPER_CANCEL_NOTE = 'Cancelled by the shopper';

export type ShopperCancel = 'cancelled' | 'already-cancelled' | 'too-late';

export async function cancelOrderByShopper(
  trx: Transaction<Database>,
  config: Config,
  orderId: string,
  note = SHOPPER_CANCEL_NOTE,
): Promise<ShopperCancel> {
  // The row lock is the claim: a repeat, the owner's packing or another process that committed
  // first is seen here, and the state table's one path does the rest (transition.ts).
  const order = await lockOrder(trx, { id: orderId });
  if (order.status === 'cancelled') return 'already-cancelled';
  if (!TO_PACK_STATES.includes(order.status as (typeof TO_PACK_STATES)[number])) return 'too-late';
  await transitionOrder(trx, config, order, 'cancelled', { adminId: null, note });
  return 'cancelled';
}
