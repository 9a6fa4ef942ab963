/**
 * The shopper cancels their own order (today from WhatsApp's Cancel button, issue 24): allowed
 * while it waits to be packed, like an unpaid order's expiry (unpaid.ts), and in one transaction:
 * the conditional update is the claim (a repeat, an owner's packing or another process committed
 * first wins), the counted stock returns, an event by the shopper (admin null) is kept and the
 * shopper's "cancelled" message is queued.
 */
import type { Transaction } from 'kysely';
import { TO_PACK_STATES } from '../../common/orders.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { queueOrderMail } from '../notifications/order-mail.ts';
import { addOrderEvent } from './order-events.ts';
import { orderStockLines, returnStock } from './stock.ts';

export const SHOPPER_CANCEL_NOTE = 'Cancelled by the shopper';

export type ShopperCancel = 'cancelled' | 'already-cancelled' | 'too-late';

export async function cancelOrderByShopper(
  trx: Transaction<Database>,
  config: Config,
  orderId: string,
  note = SHOPPER_CANCEL_NOTE,
): Promise<ShopperCancel> {
  const at = nowIso();
  const claimed = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: at })
    .where('id', '=', orderId)
    .where('status', 'in', TO_PACK_STATES)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    return order?.status === 'cancelled' ? 'already-cancelled' : 'too-late';
  }
  await returnStock(trx, config, await orderStockLines(trx, orderId));
  await addOrderEvent(trx, { orderId, kind: 'state', status: 'cancelled', adminId: null, note, at });
  await queueOrderMail(trx, config, 'cancelled', orderId);
  return 'cancelled';
}
