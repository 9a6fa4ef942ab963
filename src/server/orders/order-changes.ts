/**
 * The owner's changes to an order (docs/product.md "Admin Orders"): its state,
 * and the finding on its advance. Each runs in one transaction that takes the
 * order's row lock first, keeps an order event with the admin and the time,
 * moves counted stock when an order is cancelled (or brought back), and queues
 * the shopper's mail. The packing gate (docs/product.md#the-packing-gate): no packing, dispatch or
 * delivery before the advance is received or waived. Dispatch gives the order its invoice number
 * (docs/product.md#invoice).
 */

import type { Transaction } from 'kysely';
import { advanceSettled } from '../../common/advance.ts';
import { formatRupees } from '../../common/money.ts';
import { moveRefusal, type OrderState, stateRule } from '../../common/orders.ts';
import type { AdvanceActionInput } from '../../common/schemas/admin-orders.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { AppError, conflict } from '../http/errors.ts';
import { creditNoteNumberOf, issueCreditNote } from '../invoices/credit-notes.ts';
import { invoiceColumns } from '../invoices/issue.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { queueOrderMail } from '../notifications/order-mail.ts';
import { type LockedOrder, lockOrder } from './lock.ts';
import { addOrderEvent } from './order-events.ts';
import { orderStockLines, returnStock, takeStock } from './stock.ts';

export const gateMessage = (orderNumber: string, state: OrderState, advance: number) =>
  `Order ${orderNumber} cannot be marked ${state} before its ${formatRupees(advance)} advance is received. ` +
  'Mark the advance received, or waive it with a note.';
export const CANCELLED_ADVANCE = 'This order is cancelled: its advance cannot change.';
export const ALREADY_RECEIVED = 'The advance of this order is already marked received.';
export const NOTHING_TO_REFUSE = 'There is no advance to refuse: the shopper has not sent a UPI reference.';
export const ALREADY_SETTLED = 'The advance of this order is already settled.';
export const creditedRefusal = (orderNumber: string) =>
  `Order ${orderNumber} has a credit note that cancels its invoice, so it cannot go out again. Place a new order instead.`;

/**
 * The time of a new event: read after the row lock and kept later than the
 * order's last event, so two admins' changes are recorded in the order they
 * committed (the last state event is the state).
 */
async function eventTime(trx: Transaction<Database>, orderId: string): Promise<string> {
  const last = await trx
    .selectFrom('order_events')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const lastMs = last?.at ? Date.parse(last.at) : 0;
  return nowIso(Math.max(Date.now(), lastMs + 1));
}

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
    // Every rule below reads the state table (common/orders.ts).
    const from = stateRule(order.status);
    const to = stateRule(state);
    const refusal = moveRefusal(order.status, state);
    if (refusal) throw new AppError(409, 'move_refused', refusal);
    if (to.needsAdvance && !advanceSettled(order.advance_state)) {
      throw conflict(gateMessage(order.number, state, orderCodMoney(order).advance));
    }
    // A credited invoice is spent: the order cannot go out again under it (a new order is placed instead).
    if (!from.live && to.live && order.invoice_number && (await creditNoteNumberOf(trx, order.id))) {
      throw new AppError(409, 'move_refused', creditedRefusal(order.number));
    }
    const changed = order.status !== state;
    if (from.live && !to.live) await returnStock(trx, config, await orderStockLines(trx, order.id));
    if (!from.live && to.live) await takeStock(trx, await orderStockLines(trx, order.id));
    const now = await eventTime(trx, order.id);
    // The invoice is given once, when the watches leave (dispatched, or delivered straight away), after
    // every check that can refuse the change and in its transaction: a failed change gives the number
    // back. Never given again, whatever state comes later.
    // Its columns are written with the state, in the one update below.
    const invoice =
      to.parcelLeft && !order.invoice_number
        ? await invoiceColumns(trx, config.invoice, order, now, supplyState)
        : null;
    // An invoiced order that is cancelled or comes back gets its credit note in the same transaction
    // (CGST Rule 53; docs/product.md#the-books-credit-notes-and-gstr-1), its reason from the table;
    // one never invoiced gets none.
    if (from.live && to.creditNote && order.invoice_number) {
      await issueCreditNote(trx, config.invoice, order.id, to.creditNote, now);
    }
    await trx
      .updateTable('orders')
      .set({ status: state, updated_at: now, ...invoice })
      .where('id', '=', order.id)
      .execute();
    await addOrderEvent(trx, { orderId: order.id, kind: 'state', status: state, adminId, note: opts.note, at: now });
    if (changed && to.mail && opts.mail !== false) await queueOrderMail(trx, config, to.mail, order.id);
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
    if (input.action === 'received') await queueOrderMail(trx, config, 'advance-received', order.id);
    if (input.action === 'refused') await queueOrderMail(trx, config, 'advance-refused', order.id);
    return order;
  }
}
