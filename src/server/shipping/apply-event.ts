/**
 * Applying one tracking event (docs/product.md#shipping): from Shiprocket's webhook, a poll, or the
 * owner setting a manual courier's step. In one transaction:
 * - the shipment with that AWB is locked; none: nothing changes ('unknown', a forged or foreign AWB);
 * - the event joins the history, unique on (awb, status id, time): a repeat changes nothing ('duplicate');
 * - the shipment's step and latest scan move only forward (common/shipments.ts ranks the steps): an
 *   older step after a newer one stays in the history only ('history'), and so does any step once
 *   the parcel was received back and checked;
 * - the order moves to the step's order state when it is still before it (never back, never out of
 *   cancelled), through the same setOrderState as the owner's click (stock, invoice, event);
 * - the step's hooks run (hooks.ts): the shopper's step mail is queued (outbox), in place of the
 *   order state's own mail, and the owner hears of a failed delivery.
 * Two applications of one event at once apply it once: the shipment's row lock orders them and the
 * second finds its event already stored.
 */
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { advanceSettled } from '../../common/advance.ts';
import { moveRefusal, type OrderState, stateRule } from '../../common/orders.ts';
import { stepMovesForward, stepRule } from '../../common/shipments.ts';
import { plainLine, truncate } from '../../common/text.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import { reusedQuery, slot } from '../db/reused-query.ts';
import type { Database, Db } from '../db/tables.ts';
import { AppError, conflict } from '../http/errors.ts';
import { deliveryState } from '../invoices/delivery-state.ts';
import { supplyStateUnknownMessage } from '../invoices/issue.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { lockOrder } from '../orders/lock.ts';
import { orderForMessage } from '../orders/message-read.ts';
import { setOrderState } from '../orders/order-changes.ts';
import { gateMessage } from '../orders/transition.ts';
import type { ShipmentStep, TrackingEvent } from './courier.ts';
import { runStepHooks, stepHooks } from './hooks.ts';

export type ApplyOutcome =
  /** The event moved the shipment's step (and perhaps the order). */
  | 'applied'
  /** Kept in the history, but older than the shipment's step: nothing else moved. */
  | 'history'
  /** Already received: nothing changed. */
  | 'duplicate'
  /** No shipment has this AWB: nothing changed. */
  | 'unknown';

export interface ApplyResult {
  outcome: ApplyOutcome;
  /** The shipment's step after the event (null for an unknown AWB). */
  step: ShipmentStep | null;
  /** The order state the event moved the order to, if it moved it. */
  orderMovedTo: OrderState | null;
  /** Why the order stayed where it was although the step names a state (the packing gate ...). */
  orderHeld: string | null;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Courier-given words kept and shown: one plain line, bounded (they reach mail and screens). */
const courierText = (text: string | null, max = 200): string | null =>
  text === null ? null : truncate(plainLine(text), max) || null;

export const stepBackMessage = (current: ShipmentStep) =>
  `The parcel is already ${stepRule(current).ownerLabel.toLowerCase()}: a step never moves back.`;

export const receivedBackMessage = 'The parcel was received back and checked: its step no longer changes.';

export interface ApplyOptions {
  /**
   * The owner setting a manual courier's step: a step whose order move the store refuses (the
   * packing gate, a cancelled order) or that would move the parcel back is refused as a whole, with
   * the reason, instead of being kept. A courier's own events are facts and always kept.
   */
  strict?: boolean;
}

export async function applyTrackingEvent(
  db: Db,
  config: Config,
  event: TrackingEvent,
  opts: ApplyOptions = {},
): Promise<ApplyResult> {
  // Refused before anything is written when the step hooks are not installed (hooks.ts).
  stepHooks();
  // Grouped with other writes on SQLite (one fsync for many events: the webhook's rate), its own
  // transaction on PostgreSQL (db/group-commit.ts).
  return writeTransaction(db, (trx) => applyIn(trx, config, event, opts));
}

// The statements every event runs, compiled once (db/reused-query.ts).
const readShipment = reusedQuery((db) => {
  const read = orderForMessage(db)
    .innerJoin('shipments', 'shipments.order_id', 'orders.id')
    .select([
      'shipments.order_id',
      'shipments.step',
      'shipments.scan_at',
      'shipments.attempts',
      'shipments.expected_by',
      'shipments.undelivered_reason',
      'shipments.courier_name',
      'shipments.received_back_at',
    ])
    .where('shipments.awb', '=', slot<string>('awb'));
  return isPostgres(db) ? read.forNoKeyUpdate('shipments') : read;
});

const insertEvent = reusedQuery((db) =>
  db
    .insertInto('shipment_events')
    .values({
      id: slot<string>('id'),
      awb: slot<string>('awb'),
      status_id: slot<string>('statusId'),
      step: slot<string>('step'),
      status_text: slot<string>('statusText'),
      at: slot<string>('at'),
      location: slot<string | null>('location'),
      reason: slot<string | null>('reason'),
      attempt: slot<number | null>('attempt'),
      received_at: slot<string>('receivedAt'),
    })
    .onConflict((oc) => oc.columns(['awb', 'status_id', 'at']).doNothing())
    .returning('id'),
);

const updateShipment = reusedQuery((db) =>
  db
    .updateTable('shipments')
    .set({
      step: slot<string>('step'),
      scan_text: slot<string>('scanText'),
      scan_location: slot<string | null>('scanLocation'),
      scan_at: slot<string>('scanAt'),
      expected_by: slot<string | null>('expectedBy'),
      attempts: slot<number>('attempts'),
      undelivered_reason: slot<string | null>('undeliveredReason'),
      updated_at: slot<string>('updatedAt'),
    })
    .where('order_id', '=', slot<string>('orderId')),
);

async function applyIn(
  trx: Transaction<Database>,
  config: Config,
  event: TrackingEvent,
  opts: ApplyOptions,
): Promise<ApplyResult> {
  // The shipment, its order and its shopper in one read: what the steps below need, read once. The
  // shipment's row lock comes with it on PostgreSQL (it orders concurrent events of one parcel);
  // SQLite has one writer, and this transaction is it.
  const [shipment] = await readShipment(trx, { awb: event.awb });
  if (!shipment) return { outcome: 'unknown', step: null, orderMovedTo: null, orderHeld: null };
  const current = shipment.step as ShipmentStep;

  const statusText = courierText(event.statusText) ?? stepRule(event.step).ownerLabel;
  const [stored] = await insertEvent(trx, {
    id: newId(),
    awb: event.awb,
    statusId: event.statusId,
    step: event.step,
    statusText,
    at: event.at,
    location: courierText(event.location),
    reason: courierText(event.reason),
    attempt: event.attempt ?? null,
    receivedAt: nowIso(),
  });
  if (!stored) return { outcome: 'duplicate', step: current, orderMovedTo: null, orderHeld: null };
  // A parcel the owner has received back and checked (or an order ended Returned) is in the shop:
  // a courier's late scan ("Delivered" from a stale feed) is kept in the history only, or it would
  // move /track and Money at a glance's returns back (issue 34).
  const backAtTheShop = shipment.received_back_at !== null || shipment.status === 'returned';
  if (backAtTheShop || !stepMovesForward(current, shipment.scan_at, event.step, event.at)) {
    // The owner's own click that would move the parcel back is a mistake, not a late scan: refused whole.
    if (opts.strict) throw conflict(backAtTheShop ? receivedBackMessage : stepBackMessage(current));
    return { outcome: 'history', step: current, orderMovedTo: null, orderHeld: null };
  }

  const failed = event.step === 'undelivered';
  const attempts = failed ? Math.max(shipment.attempts + 1, event.attempt ?? 0) : shipment.attempts;
  const expectedBy = event.expectedBy ?? shipment.expected_by;
  const undeliveredReason = failed ? courierText(event.reason) : shipment.undelivered_reason;
  // The reason is written back unchanged on any step but a failed attempt: one statement for all.
  await updateShipment(trx, {
    step: event.step,
    scanText: statusText,
    scanLocation: courierText(event.location),
    scanAt: event.at,
    expectedBy,
    attempts,
    undeliveredReason,
    updatedAt: nowIso(),
    orderId: shipment.order_id,
  });

  const rule = stepRule(event.step);
  const stepChanged = current !== event.step;
  const sendsStepMail = rule.mail !== null && stepChanged;
  const { movedTo, held } = await moveOrderForward(trx, config, shipment, event, sendsStepMail, opts);
  if (stepChanged) {
    // The messages of the step (notifications/shipment-hooks.ts), from the facts as this
    // transaction now holds them: the shipment just written, the order read above.
    await runStepHooks({
      trx,
      config,
      orderId: shipment.order_id,
      from: current,
      to: event.step,
      mail: rule.mail,
      facts: {
        ...shipment,
        status: movedTo ?? shipment.status,
        awb: event.awb,
        expected_by: expectedBy,
        undelivered_reason: undeliveredReason,
      },
    });
  }
  return { outcome: 'applied', step: event.step, orderMovedTo: movedTo, orderHeld: held };
}

/** Moves the order to the step's order state when it is still before it; says why not otherwise. */
async function moveOrderForward(
  trx: Transaction<Database>,
  config: Config,
  /** The order as applyIn read it (its state, unlocked). */
  read: { number: string; status: string },
  event: TrackingEvent,
  stepMailSent: boolean,
  opts: ApplyOptions,
): Promise<{ movedTo: OrderState | null; held: string | null }> {
  const target = stepRule(event.step).order;
  if (!target) return { movedTo: null, held: null };
  if (read.status === target.to) return { movedTo: null, held: null };
  // The order's row lock, then the checks on the order as locked (a change that committed meanwhile
  // is seen), and setOrderState goes on from that lock instead of taking it again.
  const order = await lockOrder(trx, read.number);
  if (order.status === target.to) return { movedTo: null, held: null };
  let refusal: AppError | null = null;
  if (!target.from.includes(order.status as OrderState)) {
    refusal = conflict(
      `Order ${order.number} is ${stateRule(order.status).label}: a courier's step does not move it to ${stateRule(target.to).label}.`,
    );
  } else {
    refusal = orderMoveRefusal(order, target.to, config);
  }
  if (refusal) {
    if (opts.strict) throw refusal;
    return { movedTo: null, held: refusal.message };
  }
  await setOrderState(trx, config, order.number, target.to, null, undefined, {
    note: `Courier: ${stepRule(event.step).ownerLabel}`,
    mail: !stepMailSent,
    locked: order,
  });
  return { movedTo: target.to, held: null };
}

/**
 * The checks setOrderState makes before it writes, asked first so that a courier's event is never
 * lost to them: the table's refusal, the packing gate, and an invoice without its place of supply.
 */
function orderMoveRefusal(
  order: {
    number: string;
    status: string;
    address: string;
    advance_state: string;
    advance_amount: number;
    total: number;
    invoice_number: string | null;
  },
  to: OrderState,
  config: Config,
): AppError | null {
  const refused = moveRefusal(order.status, to);
  if (refused) return new AppError(409, 'move_refused', refused);
  if (stateRule(to).needsAdvance && !advanceSettled(order.advance_state)) {
    return conflict(gateMessage(order.number, to, orderCodMoney(order).advance));
  }
  if (stateRule(to).parcelLeft && !order.invoice_number && config.invoice.gstin && !deliveryState(order.address)) {
    return conflict(supplyStateUnknownMessage(order.number));
  }
  return null;
}
