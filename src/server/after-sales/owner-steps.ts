/**
 * The owner's steps on a request (docs/product.md#after-sales), each one transaction under the
 * request's row lock (a no-op update, as orders/lock.ts takes an order's), each refusing a step
 * out of turn with a 409 in words, each queueing its messages (messages.ts):
 * - decide: refuse with a reason the shopper reads (the line is free again), or approve with how
 *   the watch comes back: booked with the courier's return API (booked after this commits:
 *   return-booking.ts), an AWB the owner typed, or the shopper's own parcel;
 * - the return parcel's step, by hand (a typed AWB or the shopper's parcel; a courier's own
 *   events move it through return-tracking.ts);
 * - "Received back and checked": pass or fail with a note and photos; a passed watch that can be
 *   sold again goes back into stock;
 * - finish: an exchange, or a problem report the owner replaces, becomes a new order linked to the
 *   first (replacement.ts); a problem report refunded is left "refund to record";
 * - the refund paid: recorded through the one settlement path (settlements/ recordRefundIn: the
 *   order's lock, its cap of what was paid, the shopper's message), with the returned watch's credit
 *   note, and the request ends "refunded".
 */
import type { Transaction } from 'kysely';
import { RETURN_STEPS, type ReturnMethod, type ReturnStep } from '../../common/after-sales-rules.ts';
import { formatPaise } from '../../common/gst.ts';
import type { CheckRequestInput, DecideRequestInput } from '../../common/schemas/after-sales.ts';
import type { RefundInput } from '../../common/schemas/settlement.ts';
import { refundablePaise, watchRefundPaise } from '../../common/settlement.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import { toJson } from '../db/json.ts';
import type { Database, Db } from '../db/tables.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { issueCreditNote } from '../invoices/credit-notes.ts';
import { codOrderOf } from '../money/cod-money.ts';
import { settlementOfOrder } from '../orders/settlement-read.ts';
import { returnStock } from '../orders/stock.ts';
import { recordRefundIn } from '../settlements/record.ts';
import { queueStepMessages } from './messages.ts';
import { REQUEST_NOT_FOUND, type RequestRow } from './queries.ts';
import { placeReplacement } from './replacement.ts';

export const NOT_WAITING = 'This request was already answered.';
export const NOT_APPROVED = 'Only an approved request waits for its watch to come back.';
export const NOT_RECEIVED = 'Mark the watch received back and checked first.';
export const EXCHANGE_ONLY = 'An exchange ends in its replacement: the policy offers no refund for an exchange.';
export const AWB_NEEDED = 'Please type the return AWB and the courier’s name, as the courier gave them.';
export const STEP_BACK = 'The return parcel is already further along: a step never moves back.';
export const NOT_REFUND_TO_RECORD = 'Only a checked problem report the shop refunds waits for its refund.';
export const refundAboveWatch = (maxPaise: number) =>
  `A refund for this watch cannot be more than ${formatPaise(maxPaise)}: its price, within what the buyer paid and was not refunded yet.`;
export const NO_COURIER_RETURNS =
  'The courier the shop uses cannot book returns: type the AWB, or let the shopper send it.';

/** The request's row lock; 404 for none. */
export async function lockRequest(trx: Transaction<Database>, number: string): Promise<RequestRow> {
  const row = await trx
    .updateTable('after_sales_requests')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('number', '=', number)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** What the shopper reads about sending the watch back, by the way it comes back. */
export function returnLines(
  method: ReturnMethod,
  shop: Config['shop'],
  courier: { name: string | null; awb: string | null },
  requestNumber: string,
): string[] {
  if (method === 'self') {
    return [
      'Please pack the watch in its box and send it by any courier or India Post to:',
      `${shop.legalName}, ${shop.address}`,
      `Write ${requestNumber} on the parcel, and keep the courier’s receipt.`,
    ];
  }
  if (!courier.awb) return ['The courier will be booked to pick the watch up; we will send you its tracking number.'];
  return [
    `${courier.name || 'The courier'} will pick the watch up. Return tracking number (AWB): ${courier.awb}.`,
    `Please pack the watch in its box and write ${requestNumber} on the parcel.`,
  ];
}

export async function decideRequest(
  db: Db,
  config: Config,
  number: string,
  adminId: string,
  input: Extract<DecideRequestInput, object> & { note: string },
  canBookReturns: boolean,
): Promise<{ bookReturn: boolean }> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    const at = nowIso();
    if (input.decision === 'refuse') {
      if (row.state !== 'requested') throw conflict(NOT_WAITING);
      await trx
        .updateTable('after_sales_requests')
        .set({
          state: 'refused',
          open_key: null,
          owner_note: input.note,
          decided_at: at,
          decided_by: adminId,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .execute();
      await queueStepMessages(trx, config, { requestId: row.id, step: 'refused' });
      return { bookReturn: false };
    }
    const approve = input as Extract<DecideRequestInput, { decision: 'approve' }> & { note: string };
    // Approving again only books a courier return that did not get its AWB the first time.
    if (
      row.state === 'approved' &&
      row.return_method === 'courier' &&
      !row.return_awb &&
      approve.returnMethod === 'courier'
    ) {
      return { bookReturn: true };
    }
    if (row.state !== 'requested') throw conflict(NOT_WAITING);
    const method = approve.returnMethod;
    if (method === 'courier' && !canBookReturns) throw conflict(NO_COURIER_RETURNS);
    const awb = approve.returnAwb ?? '';
    const courierName = approve.returnCourier ?? '';
    if (method === 'typed' && (!awb || !courierName)) {
      throw badRequest(AWB_NEEDED, {
        ...(awb ? {} : { returnAwb: AWB_NEEDED }),
        ...(courierName ? {} : { returnCourier: AWB_NEEDED }),
      });
    }
    await trx
      .updateTable('after_sales_requests')
      .set({
        state: 'approved',
        owner_note: approve.note || null,
        decided_at: at,
        decided_by: adminId,
        return_method: method,
        return_courier: method === 'typed' ? courierName : null,
        return_awb: method === 'typed' ? awb : null,
        return_step: method === 'typed' ? 'booked' : null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    if (method !== 'courier') {
      await queueStepMessages(trx, config, {
        requestId: row.id,
        step: 'approved',
        returnLines: returnLines(method, config.shop, { name: courierName, awb: awb || null }, row.number),
      });
    }
    // A courier return is booked after this commits (return-booking.ts): no transaction waits on a courier.
    return { bookReturn: method === 'courier' };
  });
}

/** Moves the return parcel's step (forward only) by the owner's hand, or by the courier's event. */
export async function moveReturnStep(
  trx: Transaction<Database>,
  row: RequestRow,
  step: ReturnStep,
  at: string,
): Promise<boolean> {
  if (row.state !== 'approved') throw conflict(NOT_APPROVED);
  const current = row.return_step ? RETURN_STEPS.indexOf(row.return_step as ReturnStep) : -1;
  const next = RETURN_STEPS.indexOf(step);
  if (next < current) throw conflict(STEP_BACK);
  if (next === current) return false;
  await trx
    .updateTable('after_sales_requests')
    .set({ return_step: step, return_scan_at: at, updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  return true;
}

export async function setReturnStep(db: Db, number: string, step: ReturnStep): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    await moveReturnStep(trx, row, step, nowIso());
  });
}

/** "Received back and checked". A passed watch goes back into stock when it can be sold again. */
export async function checkRequest(
  db: Db,
  config: Config,
  number: string,
  adminId: string,
  input: CheckRequestInput & { note: string; photos: string[] },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    if (row.state !== 'approved') throw conflict(NOT_APPROVED);
    const at = nowIso();
    await trx
      .updateTable('after_sales_requests')
      .set({
        state: input.passed ? 'received' : 'failed',
        // A failed check ends the request (the policy: a defective or wrong item sent back gets no exchange).
        open_key: input.passed ? row.open_key : null,
        return_step: 'delivered',
        check_passed: input.passed ? 1 : 0,
        check_note: input.note || null,
        check_photos: toJson(input.photos),
        checked_at: at,
        decided_by: adminId,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    // Sellable again: an exchanged watch that passed, or the wrong watch sent (never a damaged or faulty one).
    const sellable = input.passed && (row.kind === 'exchange' || row.problem === 'wrong');
    if (sellable) {
      const line = await trx
        .selectFrom('order_lines')
        .select(['product_id', 'product_name'])
        .where('order_id', '=', row.order_id)
        .where('line_no', '=', row.line_no)
        .executeTakeFirstOrThrow();
      await returnStock(trx, config, [{ ...line, quantity: 1 }]);
    }
    await queueStepMessages(trx, config, { requestId: row.id, step: input.passed ? 'received' : 'failed' });
  });
}

/** The end of a checked request: its replacement order, or (a problem report only) a refund to record. */
export async function finishRequest(
  db: Db,
  config: Config,
  number: string,
  adminId: string,
  outcome: 'replacement' | 'refund',
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    if (row.state !== 'received') throw conflict(NOT_RECEIVED);
    const at = nowIso();
    if (outcome === 'refund') {
      if (row.kind === 'exchange') throw conflict(EXCHANGE_ONLY);
      // Stays open as "refund to record": the refund itself (amount, UTR, date) is the books' record.
      await trx
        .updateTable('after_sales_requests')
        .set({ state: 'refund', decided_by: adminId, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await queueStepMessages(trx, config, { requestId: row.id, step: 'refund' });
      return;
    }
    const placed = await placeReplacement(trx, config, row);
    await trx
      .updateTable('after_sales_requests')
      .set({
        state: 'replacement',
        open_key: null,
        replacement_order_id: placed.orderId,
        decided_by: adminId,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    await queueStepMessages(trx, config, { requestId: row.id, step: 'replacement', due: placed.due });
  });
}

/**
 * The refund of a problem report, once paid (docs/product.md#after-sales, "Every advance settled"):
 * recorded through recordRefundIn in this transaction, so the same checks hold (the date, the same
 * reference twice, more than was paid) and the shopper gets the same message with its reference. At
 * most the watch's price. When the returned watch was the whole invoice (one watch), the invoice gets
 * its credit note, which prints the refund; the request ends "refunded". Any refusal changes nothing.
 */
export async function refundRequest(
  db: Db,
  config: Config,
  number: string,
  adminId: string,
  input: Omit<RefundInput, 'reason'>,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    if (row.kind === 'exchange') throw conflict(EXCHANGE_ONLY);
    if (row.state !== 'refund') throw conflict(NOT_REFUND_TO_RECORD);
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'number', 'total', 'advance_amount', 'advance_state', 'status'])
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    const lines = await trx
      .selectFrom('order_lines')
      .select(['line_no', 'discount_price', 'quantity'])
      .where('order_id', '=', row.order_id)
      .execute();
    const line = lines.find((l) => Number(l.line_no) === Number(row.line_no));
    const left = refundablePaise(codOrderOf(order), await settlementOfOrder(trx, order)).leftPaise;
    const maxPaise = watchRefundPaise(Number(line?.discount_price ?? 0), left);
    // Above what was paid on the order, recordRefundIn refuses in its own words; above the watch, here.
    if (input.amount > maxPaise && input.amount <= left) {
      throw conflict(refundAboveWatch(maxPaise), { amount: refundAboveWatch(maxPaise) });
    }
    await recordRefundIn(trx, config, order.number, { ...input, reason: 'problem' }, adminId);
    // The watch came back and its price went back: when it was the whole invoice, the sale is reversed
    // (CGST section 34). An order of several watches keeps its invoice: one credit note credits a whole
    // invoice (credit-notes.ts), so a part of it is left to the books by hand.
    const wholeInvoice = lines.length === 1 && Number(lines[0]!.quantity) === 1;
    if (wholeInvoice) await issueCreditNote(trx, config.invoice, order.id, 'returned');
    await trx
      .updateTable('after_sales_requests')
      .set({ state: 'refunded', open_key: null, decided_by: adminId, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
  });
}
