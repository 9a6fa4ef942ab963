/**
 * The owner's changes to an order (docs/product.md "Admin Orders"): its state, through the one
 * transition (transition.ts: the table's checks and the packing gate, stock, the event, and the
 * hooks for the invoice number on dispatch, the credit note and the shopper's message), and the
 * finding on its advance. Each runs in one transaction that takes the order's row lock first and
 * keeps an order event with the admin and the time.
 */

import type { Transaction } from 'kysely';
import { advanceSettled } from '../../common/advance.ts';
import { type OrderState, stateRule } from '../../common/orders.ts';
import type { AdvanceActionInput } from '../../common/schemas/admin-orders.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/tables.ts';
import { conflict } from '../http/errors.ts';
import { queueOrderMessage } from './hooks.ts';
import { type LockedOrder, lockOrder } from './lock.ts';
import { addOrderEvent } from './order-events.ts';
import { eventTime, transitionOrder } from './transition.ts';

export const CANCELLED_ADVANCE = 'This order is cancelled: its advance cannot change.';
export const ALREADY_RECEIVED = 'The advance of this order is already marked received.';
export const NOTHING_TO_REFUSE = 'There is no advance to refuse: the shopper has not sent a UPI reference.';
export const ALREADY_SETTLED = 'The advance of this order is already settled.';

/** How a change that is not the owner's own click differs (a courier's scan: shipping/apply-event.ts). */
export interface StateChangeOptions {
  /** Kept on the order's event: who or what moved it when no admin did. */
  note?: string;
  /** False when the caller queues a mail of its own that tells more (a courier's step mail). */
  mail?: boolean;
  /**
   * The order as the caller already locked it (lockOrder) in `db`, its transaction, and has not
   * changed since: its lock is not taken again (one statement less on every courier step).
   */
  locked?: LockedOrder;
}

/** The owner's click (and a courier's scan, a parcel received back): transition.ts in a transaction. */
export async function setOrderState(
  /** The database, or the caller's transaction when the move is part of a larger change. */
  db: Db | Transaction<Database>,
  config: Config,
  orderNumber: string,
  state: OrderState,
  /** null: not an admin (the courier's scan, with `opts.note` saying so). */
  adminId: string | null,
  /** The delivery state's GST code when the address names none (docs/product.md#invoice). */
  supplyState?: string,
  opts: StateChangeOptions = {},
): Promise<void> {
  const inTransaction = (work: (trx: Transaction<Database>) => Promise<void>) =>
    db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    const order = opts.locked ?? (await lockOrder(trx, orderNumber));
    await transitionOrder(trx, config, order, state, {
      adminId,
      note: opts.note,
      supplyState,
      message: opts.mail === false ? false : undefined,
    });
  });
}

export async function recordAdvance(
  db: Db,
  config: Config,
  orderNumber: string,
  input: AdvanceActionInput,
  adminId: string,
): Promise<void> {
  await db.transaction().execute((trx) => recordAdvanceIn(trx, config, orderNumber, input, adminId));
}

/**
 * recordAdvance within the caller's transaction: the same checks, order event and mail. The bank
 * statement's match (books/statement/match.ts) marks an advance received through it, and links
 * its statement line in the same transaction; `check` sees the locked order first and throws to
 * leave it alone.
 */
export async function recordAdvanceIn(
  trx: Transaction<Database>,
  config: Config,
  orderNumber: string,
  input: AdvanceActionInput,
  adminId: string,
  check?: (order: LockedOrder) => void,
): Promise<LockedOrder> {
  {
    const order = await lockOrder(trx, orderNumber);
    check?.(order);
    if (!stateRule(order.status).live) throw conflict(CANCELLED_ADVANCE);
    const from = order.advance_state;
    if (input.action === 'received' && from === 'received') throw conflict(ALREADY_RECEIVED);
    if (input.action === 'refused' && from !== 'submitted' && from !== 'received') throw conflict(NOTHING_TO_REFUSE);
    if (input.action === 'waived' && advanceSettled(from)) throw conflict(ALREADY_SETTLED);
    const note = input.note || null;
    const now = await eventTime(trx, order.id);
    await trx
      .updateTable('orders')
      .set({
        advance_state: input.action,
        advance_note: note,
        // A refused reference proves nothing: it no longer holds this order, and the shopper may send another.
        ...(input.action === 'refused' ? { advance_utr: null } : {}),
        updated_at: now,
      })
      .where('id', '=', order.id)
      .execute();
    const utrNote = order.advance_utr ? `UTR ${order.advance_utr}` : null;
    await addOrderEvent(trx, {
      orderId: order.id,
      kind: 'advance',
      status: input.action,
      adminId,
      note: [utrNote, note].filter(Boolean).join(': ') || null,
      at: now,
    });
    if (input.action === 'received') await queueOrderMessage(trx, config, 'advance-received', order.id);
    if (input.action === 'refused') await queueOrderMessage(trx, config, 'advance-refused', order.id);
    return order;
  }
}
