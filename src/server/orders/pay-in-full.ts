/**
 * Pay in full now (docs/product.md "Pay in full"; docs/decisions/061-pay-in-full-is-the-advance.md):
 * the whole order paid by UPI, through the very advance steps (UPI link, QR code, UTR, bank statement
 * matching), because its advance is its (discounted) total. codMoney then gives nothing to collect on
 * delivery, and the label, invoice and courier booking call it prepaid. No second money rule.
 */
import { stateRule } from '../../common/orders.ts';
import { payInFullPlan } from '../../common/pay-in-full.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { conflict } from '../http/errors.ts';
import { lockOrder } from './lock.ts';
import { addOrderEvent } from './order-events.ts';

/** What an order placed now stores: its total, the discount for paying in full, and its advance. */
export function orderPayment(
  config: Config,
  linesTotal: number,
  payInFull: boolean,
): { total: number; discount: number; advance: number } {
  if (!payInFull) return { total: linesTotal, discount: 0, advance: config.codAdvance };
  const plan = payInFullPlan(linesTotal, config.payInFull);
  return { total: plan.payNow, discount: plan.discount, advance: plan.payNow };
}

export const PAY_IN_FULL_CLOSED =
  'This order can no longer be switched to paying in full: a payment was sent or the order has moved on.';

/**
 * Whether an order may still switch to paying in full: open, nothing paid nor sent (awaiting, or a
 * reference refused), no invoice yet, and not already paid in full.
 */
export function mayPayInFull(row: {
  status: string;
  advance_state: string;
  invoice_number: string | null;
  advance_amount: number | string;
  total: number | string;
}): boolean {
  return (
    stateRule(row.status).live &&
    !stateRule(row.status).closed &&
    (row.advance_state === 'awaiting' || row.advance_state === 'refused') &&
    row.invoice_number === null &&
    Number(row.advance_amount) < Number(row.total)
  );
}

/**
 * The shopper switches an unpaid cash-on-delivery order to paying in full (the advance screen, the
 * advance link): the discount comes off its total and the advance becomes that total, with an event
 * for the owner. Refused (409) once anything was paid or sent, or the order moved on.
 */
export async function switchToPayInFull(db: Db, config: Config, orderNumber: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, { number: orderNumber, userId });
    if (!mayPayInFull(order)) throw conflict(PAY_IN_FULL_CLOSED);
    const row = await trx
      .selectFrom('orders')
      .select('full_pay_discount')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    // The discount is worked out on the lines' total, once (an order placed in full has one already).
    const linesTotal = Number(order.total) + Number(row.full_pay_discount);
    const plan = payInFullPlan(linesTotal, config.payInFull);
    const now = nowIso();
    await trx
      .updateTable('orders')
      .set({
        total: plan.payNow,
        full_pay_discount: plan.discount,
        advance_amount: plan.payNow,
        advance_state: 'awaiting',
        advance_note: null,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .execute();
    await addOrderEvent(trx, {
      orderId: order.id,
      kind: 'advance',
      status: 'awaiting',
      adminId: null,
      note: `Chose to pay in full: ₹${plan.payNow}${plan.discount > 0 ? ` (₹${plan.discount} off)` : ''}`,
      at: now,
    });
  });
}
