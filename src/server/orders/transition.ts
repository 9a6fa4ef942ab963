/**
 * The one path for an order's state (docs/product.md#states-and-transitions): the owner's click,
 * a courier's scan, a parcel received back, the shopper's cancel (web and WhatsApp) and an unpaid
 * order's expiry all lock the order and call transitionOrder. It reads the state table
 * (common/orders.ts): the move's refusal, the packing gate (docs/product.md#the-packing-gate),
 * stock taken or returned as the order becomes live or stops being so; it writes the status and
 * the order's event; everything else (the invoice number, the credit note, the messages) is a hook
 * the folder that owns it registers (hooks.ts, src/server/order-hooks.ts), run in this transaction.
 */
import type { Transaction } from 'kysely';
import { addressHeldMessage } from '../../common/address-check.ts';
import { advanceSettled } from '../../common/advance.ts';
import { formatRupees } from '../../common/money.ts';
import { moveRefusal, type OrderState, stateRule } from '../../common/orders.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { AppError, conflict } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { countOutcomeChange } from '../risk/pincode-outcomes.ts';
import { type OrderMessageKind, queueOrderMessage, type StateChange, stateHooks } from './hooks.ts';
import type { LockedOrder } from './lock.ts';
import { addOrderEvent } from './order-events.ts';
import { orderStockLines, returnStock, takeStock } from './stock.ts';

export const gateMessage = (orderNumber: string, state: OrderState, advance: number) =>
  `Order ${orderNumber} cannot be marked ${state} before its ${formatRupees(advance)} advance is received. ` +
  'Mark the advance received, or waive it with a note.';

/**
 * The time of a new event: read after the row lock and kept later than the
 * order's last event, so two admins' changes are recorded in the order they
 * committed (the last state event is the state).
 */
export async function eventTime(trx: Transaction<Database>, orderId: string, notBefore = 0): Promise<string> {
  const last = await trx
    .selectFrom('order_events')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const lastMs = last?.at ? Date.parse(last.at) : 0;
  return nowIso(Math.max(Date.now(), lastMs + 1, notBefore));
}

export interface TransitionOptions {
  /** null: not an admin (a courier's scan, the shopper, the expiry; `note` says who). */
  adminId: string | null;
  /** Kept on the order's event. */
  note?: string | null;
  /** The delivery state's GST code when the address names none (docs/product.md#invoice). */
  supplyState?: string;
  /**
   * The shopper's message instead of the table's: another kind (an expired order's), or false for
   * none (a courier's step mail that tells more, shipping/apply-event.ts).
   */
  message?: OrderMessageKind | false;
  /** The change's time is no earlier than this (ms): an expiry run for a given moment. */
  notBefore?: number;
}

/** Moves the locked order to `state`, or throws (an AppError) and leaves it as it was. */
export async function transitionOrder(
  trx: Transaction<Database>,
  config: Config,
  order: LockedOrder,
  state: OrderState,
  opts: TransitionOptions,
): Promise<void> {
  const from = stateRule(order.status);
  const to = stateRule(state);
  const refusal = moveRefusal(order.status, state);
  if (refusal) throw new AppError(409, 'move_refused', refusal);
  if (to.needsAdvance && !advanceSettled(order.advance_state)) {
    throw conflict(gateMessage(order.number, state, orderCodMoney(order).advance));
  }
  // A doubtful address waits for the shopper's correction before the parcel is packed (address-check.ts).
  if (to.needsAdvance && !from.needsAdvance && order.address_doubt_at) throw conflict(addressHeldMessage(order.number));
  const hooks = stateHooks();
  const changed = order.status !== state;
  const at = await eventTime(trx, order.id, opts.notBefore);
  const change: StateChange = {
    trx,
    config,
    order,
    from,
    to,
    state,
    changed,
    at,
    supplyState: opts.supplyState,
    message: !changed || opts.message === false ? null : (opts.message ?? to.mail),
  };
  for (const hook of hooks) await hook.check?.(change);
  if (from.live && !to.live) await returnStock(trx, config, await orderStockLines(trx, order.id));
  if (!from.live && to.live) await takeStock(trx, await orderStockLines(trx, order.id));
  // The hooks' columns (the invoice number, given after every check that can refuse the change)
  // are written with the status, in one update.
  let columns = {};
  for (const hook of hooks) columns = { ...columns, ...(await hook.columns?.(change)) };
  await trx
    .updateTable('orders')
    .set({ ...columns, status: state, updated_at: at })
    .where('id', '=', order.id)
    .execute();
  // The pincode's delivered and returned counts the risk score reads at checkout follow the status.
  await countOutcomeChange(trx, order.delivery_pincode, order.status, state);
  await addOrderEvent(trx, {
    orderId: order.id,
    kind: 'state',
    status: state,
    adminId: opts.adminId,
    note: opts.note,
    at,
  });
  for (const hook of hooks) await hook.after?.(change);
  if (change.message) await queueOrderMessage(trx, config, change.message, order.id);
}
