/**
 * Every advance settled (issue 36 item 3; docs/product.md "Every advance settled";
 * docs/decisions/063-every-advance-settled.md): the owner records a refund paid (amount, UPI or bank
 * reference, date, reason) or keeps an advance under one of the policy's cases. Other code records a
 * refund through recordRefundIn within its own transaction (a problem report refunded whole, an
 * exchange's difference). Each takes the order's row lock first, so two clicks or two admins record one
 * fact; each keeps an order event and queues the shopper's message (WhatsApp to a proven number, else
 * mail) in the same transaction.
 */
import type { Transaction } from 'kysely';
import { formatPaise } from '../../common/gst.ts';
import { indiaDay } from '../../common/india-time.ts';
import { stateRule } from '../../common/orders.ts';
import type { KeepInput, RefundInput } from '../../common/schemas/settlement.ts';
import { KEEP_REASON_WORDS, mayKeepAdvance, REFUND_REASON_WORDS, refundablePaise } from '../../common/settlement.ts';
import type { Config } from '../config.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { codOrderOf } from '../money/cod-money.ts';
import { queueOrderMessage } from '../orders/hooks.ts';
import { type LockedOrder, lockOrder } from '../orders/lock.ts';
import { addOrderEvent } from '../orders/order-events.ts';
import { settlementOfOrder } from '../orders/settlement-read.ts';
import { eventTime } from '../orders/transition.ts';

export const REFUND_NEEDS_CLOSED =
  'Only a cancelled, returned or delivered order can be refunded: cancel it first, or wait for its parcel.';
export const REFUND_ALREADY_RECORDED = 'A refund with this reference is already recorded for this order.';
export const REFUND_AFTER_KEPT = 'The advance of this order was kept: a refund cannot be recorded after that.';
export const refundAbovePaid = (paidPaise: number, refundedPaise: number) =>
  `The refunds would come to more than the buyer paid for this order: ${formatPaise(paidPaise)} paid, ${formatPaise(refundedPaise)} refunded already.`;
export const REFUND_DATE_FUTURE = 'The refund cannot be dated after today';
export const REFUND_DATE_BEFORE_ORDER = 'The refund cannot be dated before the order was placed';
export const KEEP_NEEDS_RETURN =
  'An advance is kept only for a parcel that left and came back (the policy): refund it for a cancelled order.';
export const KEEP_NOTHING_RECEIVED = 'This order holds no advance received: there is nothing to keep.';
export const KEEP_ALREADY_SETTLED = 'The advance of this order is already settled.';

type Trx = Transaction<Database>;

/** A refund recorded within the caller's transaction (any folder above orders may call it). */
export async function recordRefundIn(
  trx: Trx,
  config: Config,
  orderNumber: string,
  input: RefundInput,
  adminId: string | null,
): Promise<LockedOrder> {
  const order = await lockOrder(trx, orderNumber);
  if (!stateRule(order.status).closed) throw conflict(REFUND_NEEDS_CLOSED);
  const today = indiaDay(nowIso());
  if (input.paidOn > today) throw badRequest(REFUND_DATE_FUTURE, { paidOn: REFUND_DATE_FUTURE });
  const placedOn = await trx
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  if (input.paidOn < indiaDay(placedOn.created_at))
    throw badRequest(REFUND_DATE_BEFORE_ORDER, { paidOn: REFUND_DATE_BEFORE_ORDER });
  const settlement = await settlementOfOrder(trx, order);
  if (settlement?.keptReason) throw conflict(REFUND_AFTER_KEPT);
  const reference = input.reference.toUpperCase();
  if (settlement?.refunds.some((r) => r.reference === reference)) throw conflict(REFUND_ALREADY_RECORDED);
  // Never more than the buyer paid by the one money rule (codPaid): the advance of a cancelled or
  // returned order, all of a delivered one; less what was refunded already.
  const { paidPaise, leftPaise } = refundablePaise(codOrderOf(order), settlement);
  if (input.amount > leftPaise) {
    const message = refundAbovePaid(paidPaise, settlement?.refundedPaise ?? 0);
    throw conflict(message, { amount: message });
  }
  const at = await eventTime(trx, order.id);
  await trx
    .insertInto('settlements')
    .values({
      id: newId(),
      order_id: order.id,
      kind: 'refund',
      amount_paise: input.amount,
      reference,
      paid_on: input.paidOn,
      reason: input.reason,
      admin_id: adminId,
      created_at: at,
    })
    .execute();
  await addOrderEvent(trx, {
    orderId: order.id,
    kind: 'advance',
    status: 'refunded',
    adminId,
    note: `${formatPaise(input.amount)} on ${input.paidOn}, reference ${reference} (${REFUND_REASON_WORDS[input.reason].en})`,
    at,
  });
  await queueOrderMessage(trx, config, 'refund-recorded', order.id);
  return order;
}

export async function recordRefund(
  db: Db,
  config: Config,
  orderNumber: string,
  input: RefundInput,
  adminId: string,
): Promise<void> {
  await db.transaction().execute((trx) => recordRefundIn(trx, config, orderNumber, input, adminId));
}

/** The advance kept under a case of the policy: only for a parcel that left and came back. */
export async function keepAdvance(
  db: Db,
  config: Config,
  orderNumber: string,
  input: KeepInput,
  adminId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    // The parcel left (it has an invoice) and came back: returned. A cancellation, even after dispatch,
    // is the shop calling the parcel back, refunded in full (docs/product.md "Policy pages").
    if (!mayKeepAdvance(order.status) || !order.invoice_number) throw conflict(KEEP_NEEDS_RETURN);
    const settlement = await settlementOfOrder(trx, order);
    if (!settlement || settlement.advancePaise <= 0) throw conflict(KEEP_NOTHING_RECEIVED);
    if (settlement.state !== 'to-settle' || settlement.refunds.length > 0) throw conflict(KEEP_ALREADY_SETTLED);
    const at = await eventTime(trx, order.id);
    await trx
      .insertInto('settlements')
      .values({
        id: newId(),
        order_id: order.id,
        kind: 'kept',
        amount_paise: settlement.advancePaise,
        reference: null,
        paid_on: null,
        reason: input.reason,
        admin_id: adminId,
        created_at: at,
      })
      .execute();
    await addOrderEvent(trx, {
      orderId: order.id,
      kind: 'advance',
      status: 'kept',
      adminId,
      note: `${formatPaise(settlement.advancePaise)} kept: ${KEEP_REASON_WORDS[input.reason].en}`,
      at,
    });
    await queueOrderMessage(trx, config, 'advance-kept', order.id);
  });
}
