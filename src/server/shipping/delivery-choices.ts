/**
 * Failed deliveries (docs/product.md#failed-deliveries; docs/decisions/035-failed-deliveries.md):
 * the shopper's choice as stored, the owner's queue, and the claim that lets exactly one sender
 * pass a choice to the courier.
 *
 * - A parcel waits for a choice while its latest step is 'undelivered'. The choice is one row per
 *   order; choosing again replaces it until it is sent; a later failed attempt (the shipment's
 *   `attempts` grew) opens it again.
 * - Sending is claimed with one UPDATE (state 'sending' and a short lease): of two clicks, two tabs
 *   or two app processes, one passes and the others hear why not. The courier is called outside
 *   any transaction; a process that dies mid-call leaves a lease that runs out.
 */
import type { Transaction } from 'kysely';
import { choiceDays, DAY_MESSAGE, type DeliveryAction } from '../../common/delivery-choice-rules.ts';
import { LIVE_STATES, stateRule } from '../../common/orders.ts';
import type { ChoicePage, FailedDelivery, StoredChoice } from '../../common/schemas/delivery-choice.ts';
import { stepRule } from '../../common/shipments.ts';
import { plainLine } from '../../common/text.ts';
import { ensureLinkSecret } from '../auth/signed-links.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db, DeliveryChoiceRow } from '../db/tables.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { jobError } from './booking-jobs.ts';
import type { DeliveryRetry } from './courier.ts';
import { MANUAL_COURIER_ID } from './couriers/manual/manual-courier.ts';
import { deliveryChoiceUrl } from './delivery-choice-link.ts';

/** How long one send may hold its claim: longer than the courier's call (20 s). */
export const SEND_LEASE_MS = 2 * 60_000;

export const choiceRefusals = {
  closed: (label: string) => `Your parcel is not waiting for a choice now: ${label.toLowerCase()}.`,
  sent: 'Your choice was already sent to the courier. To change it, please call us.',
  noChoice: (n: string) => `Order ${n} has no choice from the shopper yet: send them the link, or call them.`,
  sending: (n: string) => `Order ${n}'s choice is being sent to the courier now.`,
  alreadySent: (n: string) => `Order ${n}'s choice was already sent to the courier.`,
  notFailed: (n: string) => `Order ${n}'s parcel is not waiting after a failed delivery.`,
};

interface ParcelState {
  orderId: string;
  number: string;
  status: string;
  courier: string;
  courierName: string;
  awb: string | null;
  step: string;
  attempts: number;
  reason: string | null;
}

async function parcelOf(db: Db | Transaction<Database>, orderNumber: string): Promise<ParcelState | undefined> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.number',
      'orders.status',
      'shipments.courier',
      'shipments.courier_name',
      'shipments.awb',
      'shipments.step',
      'shipments.attempts',
      'shipments.undelivered_reason',
    ])
    .where('orders.number', '=', orderNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    orderId: row.id,
    number: row.number,
    status: row.status,
    courier: row.courier ?? MANUAL_COURIER_ID,
    courierName: row.courier_name ?? '',
    awb: row.awb ?? null,
    step: row.step ?? 'booked',
    attempts: Number(row.attempts ?? 0),
    reason: row.undelivered_reason ?? null,
  };
}

export function storedChoice(row: DeliveryChoiceRow): StoredChoice {
  return {
    action: row.action as DeliveryAction,
    date: row.deferred_date,
    phone: row.phone,
    landmark: row.landmark,
    chosenAt: row.chosen_at,
    state: row.state as StoredChoice['state'],
    sentAt: row.sent_at,
    error: row.error,
  };
}

/** The choice for the parcel's current failure, if any (one made for an earlier failure is past). */
async function currentChoice(
  db: Db | Transaction<Database>,
  parcel: ParcelState,
): Promise<DeliveryChoiceRow | undefined> {
  const row = await db
    .selectFrom('delivery_choices')
    .selectAll()
    .where('order_id', '=', parcel.orderId)
    .executeTakeFirst();
  return row && row.awb === parcel.awb && Number(row.attempt) === parcel.attempts ? row : undefined;
}

const waitsForChoice = (p: ParcelState) => p.awb !== null && p.step === 'undelivered' && stateRule(p.status).live;
const settled = (c: DeliveryChoiceRow | undefined) => c !== undefined && (c.state === 'sent' || c.state === 'sending');

/** The choice page's answer for an order whose link was checked. */
export async function choicePage(db: Db, orderNumber: string, automatic: boolean, now = Date.now()) {
  const parcel = await parcelOf(db, orderNumber);
  if (!parcel) return null;
  const choice = await currentChoice(db, parcel);
  const page: ChoicePage = {
    number: parcel.number,
    courierName: plainLine(parcel.courierName),
    awb: parcel.awb ?? '',
    reason: parcel.reason,
    attempts: parcel.attempts,
    open: waitsForChoice(parcel) && !settled(choice),
    stepLabel: parcel.awb ? stepRule(parcel.step).label : 'Not handed to the courier yet',
    days: choiceDays(now),
    choice: choice ? storedChoice(choice) : null,
    automatic,
  };
  return page;
}

/**
 * Stores the shopper's choice (the values already checked and folded by the schema), replacing an
 * unsent one. Refused with nothing changed when the parcel no longer waits, the choice was sent, or
 * the day is not one offered.
 */
export async function saveChoice(
  db: Db,
  orderNumber: string,
  input: { action: DeliveryAction; date: string; phone: string; landmark: string },
  now = Date.now(),
): Promise<DeliveryChoiceRow> {
  const retry = input.action === 're-attempt';
  if (retry && !choiceDays(now).includes(input.date)) throw badRequest(DAY_MESSAGE, { date: DAY_MESSAGE });
  return writeTransaction(db, async (trx) => {
    // The shipment's row lock: a tracking event for this parcel waits for the choice, or the other way round.
    await trx
      .updateTable('shipments')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('order_id', '=', (eb) => eb.selectFrom('orders').select('id').where('number', '=', orderNumber))
      .execute();
    const parcel = await parcelOf(trx, orderNumber);
    if (!parcel?.awb) throw conflict(choiceRefusals.closed('Not handed to the courier yet'));
    if (!waitsForChoice(parcel)) throw conflict(choiceRefusals.closed(stepRule(parcel.step).label));
    if (settled(await currentChoice(trx, parcel))) throw conflict(choiceRefusals.sent);
    const at = nowIso(now);
    const values = {
      awb: parcel.awb,
      attempt: parcel.attempts,
      action: input.action,
      deferred_date: retry ? input.date : null,
      phone: retry && input.phone ? input.phone : null,
      landmark: retry && input.landmark ? input.landmark : null,
      chosen_at: at,
      state: 'waiting',
      send_until: null,
      sent_at: null,
      sent_by: null,
      error: null,
      updated_at: at,
    };
    return trx
      .insertInto('delivery_choices')
      .values({ order_id: parcel.orderId, ...values })
      .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The courier's request for a stored choice. */
export function retryOf(row: DeliveryChoiceRow): DeliveryRetry {
  if (row.action === 'return') return { action: 'return' };
  return {
    action: 're-attempt',
    date: row.deferred_date ?? '',
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.landmark ? { landmark: row.landmark } : {}),
  };
}

/**
 * Claims the order's current choice for sending: one UPDATE that takes it only when it waits (or
 * was refused, for the owner's new try, or its last sender's claim ran out) and is still the
 * current failure's. The claim or the words saying why not.
 */
export async function claimChoice(
  db: Db,
  orderNumber: string,
  opts: { retryRefused: boolean },
  now = Date.now(),
): Promise<{ row: DeliveryChoiceRow; parcel: ParcelState } | { refusal: string }> {
  const parcel = await parcelOf(db, orderNumber);
  if (!parcel || !waitsForChoice(parcel)) return { refusal: choiceRefusals.notFailed(orderNumber) };
  const at = nowIso(now);
  const states = opts.retryRefused ? ['waiting', 'refused'] : ['waiting'];
  const row = await writeTransaction(db, (trx) =>
    trx
      .updateTable('delivery_choices')
      .set({ state: 'sending', send_until: nowIso(now + SEND_LEASE_MS), updated_at: at })
      .where('order_id', '=', parcel.orderId)
      .where('awb', '=', parcel.awb as string)
      .where('attempt', '=', parcel.attempts)
      .where((eb) =>
        eb.or([eb('state', 'in', states), eb.and([eb('state', '=', 'sending'), eb('send_until', '<', at)])]),
      )
      .returningAll()
      .executeTakeFirst(),
  );
  if (row) return { row, parcel };
  const choice = await currentChoice(db, parcel);
  if (!choice) return { refusal: choiceRefusals.noChoice(orderNumber) };
  if (choice.state === 'sent') return { refusal: choiceRefusals.alreadySent(orderNumber) };
  return { refusal: choiceRefusals.sending(orderNumber) };
}

/** What came of a claimed send, written back (only by the claim's holder: the state is still 'sending'). */
export async function recordSend(
  db: Db,
  row: DeliveryChoiceRow,
  outcome: { sent: true; by: string } | { sent: false; refused: boolean; words: string },
): Promise<void> {
  const at = nowIso();
  await writeTransaction(db, (trx) =>
    trx
      .updateTable('delivery_choices')
      .set(
        outcome.sent
          ? { state: 'sent', sent_at: at, sent_by: outcome.by, error: null, send_until: null, updated_at: at }
          : {
              // A refusal stays refused (the owner reads the courier's words); a courier out of reach waits again.
              state: outcome.refused ? 'refused' : 'waiting',
              error: jobError(outcome.words),
              send_until: null,
              updated_at: at,
            },
      )
      .where('order_id', '=', row.order_id)
      .where('state', '=', 'sending')
      .execute(),
  );
}

/** Parcels whose latest step is a failed delivery, oldest failure first, with the shopper's choice. */
export async function failedDeliveries(db: Db, config: Config, limit = 200): Promise<FailedDelivery[]> {
  await ensureLinkSecret(db, config);
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .leftJoin('delivery_choices', (join) =>
      join
        .onRef('delivery_choices.order_id', '=', 'shipments.order_id')
        .onRef('delivery_choices.awb', '=', 'shipments.awb')
        .onRef('delivery_choices.attempt', '=', 'shipments.attempts'),
    )
    .select([
      'orders.number',
      'orders.buyer_name',
      'orders.user_phone',
      'orders.status',
      'shipments.courier',
      'shipments.courier_name',
      'shipments.awb',
      'shipments.attempts',
      'shipments.undelivered_reason',
      'shipments.scan_at',
      'delivery_choices.order_id as choice_order_id',
      'delivery_choices.action',
      'delivery_choices.deferred_date',
      'delivery_choices.phone',
      'delivery_choices.landmark',
      'delivery_choices.chosen_at',
      'delivery_choices.state',
      'delivery_choices.sent_at',
      'delivery_choices.error',
    ])
    .where('shipments.step', '=', 'undelivered')
    .where('shipments.awb', 'is not', null)
    .orderBy('shipments.scan_at')
    .limit(limit)
    .execute();
  return rows
    .filter((r) => stateRule(r.status).live)
    .map((r) => ({
      number: r.number,
      buyerName: plainLine(r.buyer_name),
      phone: r.user_phone,
      courier: r.courier,
      byHand: r.courier === MANUAL_COURIER_ID,
      courierName: plainLine(r.courier_name),
      awb: r.awb as string,
      reason: r.undelivered_reason,
      attempts: Number(r.attempts),
      failedAt: r.scan_at,
      choice:
        r.choice_order_id && r.action && r.chosen_at && r.state
          ? {
              action: r.action as DeliveryAction,
              date: r.deferred_date,
              phone: r.phone,
              landmark: r.landmark,
              chosenAt: r.chosen_at,
              state: r.state as StoredChoice['state'],
              sentAt: r.sent_at,
              error: r.error,
            }
          : null,
      link: deliveryChoiceUrl(config, r.number),
    }));
}

/** How many failed deliveries wait for the owner: no choice sent yet ("Needs you"). */
export async function countFailedDeliveries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .leftJoin('delivery_choices', (join) =>
      join
        .onRef('delivery_choices.order_id', '=', 'shipments.order_id')
        .onRef('delivery_choices.attempt', '=', 'shipments.attempts'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .where('shipments.step', '=', 'undelivered')
    .where('orders.status', 'in', LIVE_STATES)
    .where((eb) => eb.or([eb('delivery_choices.state', 'is', null), eb('delivery_choices.state', '!=', 'sent')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
