/**
 * Courier bookings as jobs (docs/decisions/028-courier-booking.md; docs/product.md#booking-a-courier).
 *
 * The owner's "Book courier" writes, in the order's transaction, the shipment's row (booking_state
 * 'booking') and a 'book' job, like the mail outbox (decision 014): it never waits for the courier.
 * The worker (booking-worker.ts) claims due jobs with a lease and makes the courier's calls outside
 * any transaction; what they gave is written back in one transaction:
 * - booked: the shipment gets the courier, AWB, the courier's ids and label URL ('booked'), the
 *   job is done, and a 'pickup' job is written beside it;
 * - refused (CourierRefusal): the job stops ('failed') and the shipment shows the courier's words;
 * - anything else (down, slow, 5xx): the job waits and is tried again later, with backoff.
 * Exactly once: the claim is one UPDATE that takes a job only when its lease is free or over (two
 * app processes never hold one job), and the courier's booking is itself idempotent on the order
 * number (couriers/shiprocket/shiprocket-courier.ts finds an order a lost answer was about), so a retry never books twice.
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { advanceSettled } from '../../common/advance.ts';
import { stateRule } from '../../common/orders.ts';
import { plainLine, truncate } from '../../common/text.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { CourierJobRow, Database, Db } from '../db/tables.ts';
import { deliveryState } from '../invoices/delivery-state.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { lockOrderRow } from '../orders/lock.ts';
import type { BookedParcel, ParcelBooking } from './courier.ts';
import { MANUAL_COURIER_ID } from './couriers/manual/manual-courier.ts';
import { addressPincode, pincodePlace } from './pincode-places.ts';

export type JobKind = 'book' | 'pickup';
export type BookingRequestOutcome = 'booking' | 'already-booking' | 'refused';

export interface BookingRequestResult {
  orderNumber: string;
  outcome: BookingRequestOutcome;
  /** Why it was refused, in words for the owner. */
  message: string | null;
}

const ERROR_MAX = 300;
/** Words kept and shown: one plain line, bounded (the courier's words reach the owner's screen). */
export const jobError = (text: string) => truncate(plainLine(text), ERROR_MAX);

export const bookingRefusals = {
  notFound: (n: string) => `Order ${n} does not exist.`,
  notLive: (n: string) => `Order ${n} is cancelled: there is nothing to send.`,
  left: (n: string) => `Order ${n} has already left the shop.`,
  gate: (n: string) => `Order ${n} waits for its advance: book the courier once it is received or waived.`,
  booked: (n: string, awb: string) => `Order ${n} is already booked (AWB ${awb}).`,
  manual: (n: string) => `Order ${n} has a courier typed by hand: its AWB is the one on the order.`,
  noCourier:
    'Booking needs a courier’s API (Shiprocket’s settings): with the manual courier, type the AWB on the order.',
};

/**
 * Asks for the courier to be booked for each order, each in its own transaction: an order that may
 * not be booked is refused in words, and the others go on. Asking again after a refusal re-arms the job.
 */
export async function requestBookings(
  db: Db,
  courierId: string,
  orderNumbers: readonly string[],
): Promise<BookingRequestResult[]> {
  const results: BookingRequestResult[] = [];
  for (const orderNumber of orderNumbers) {
    results.push(await writeTransaction(db, (trx) => requestOne(trx, courierId, orderNumber)));
  }
  return results;
}

async function requestOne(
  trx: Transaction<Database>,
  courierId: string,
  orderNumber: string,
): Promise<BookingRequestResult> {
  const refuse = (message: string): BookingRequestResult => ({ orderNumber, outcome: 'refused', message });
  const order = await lockOrderRow(trx, orderNumber);
  if (!order) return refuse(bookingRefusals.notFound(orderNumber));
  const rule = stateRule(order.status);
  if (!rule.live) return refuse(bookingRefusals.notLive(orderNumber));
  if (rule.parcelLeft) return refuse(bookingRefusals.left(orderNumber));
  // The packing gate (docs/product.md#the-packing-gate): nothing is booked before the advance is settled.
  if (!advanceSettled(order.advance_state)) return refuse(bookingRefusals.gate(orderNumber));

  const now = nowIso();
  const shipment = await trx.selectFrom('shipments').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  if (shipment?.courier === MANUAL_COURIER_ID && shipment.awb) return refuse(bookingRefusals.manual(orderNumber));
  if (shipment?.booking_state === 'booked' && shipment.awb)
    return refuse(bookingRefusals.booked(orderNumber, shipment.awb));
  if (shipment?.booking_state === 'booking') return { orderNumber, outcome: 'already-booking', message: null };

  if (shipment) {
    await trx
      .updateTable('shipments')
      .set({ courier: courierId, booking_state: 'booking', booking_error: null, updated_at: now })
      .where('order_id', '=', order.id)
      .execute();
  } else {
    await trx
      .insertInto('shipments')
      .values({ order_id: order.id, courier: courierId, booking_state: 'booking', created_at: now, updated_at: now })
      .execute();
  }
  await armJob(trx, order.id, 'book', now);
  return { orderNumber, outcome: 'booking', message: null };
}

/** Writes the order's job of this kind, due now (a new row, or the old one re-armed). */
async function armJob(trx: Kysely<Database> | Transaction<Database>, orderId: string, kind: JobKind, now: string) {
  await trx
    .insertInto('courier_jobs')
    .values({
      id: newId(),
      order_id: orderId,
      kind,
      state: 'waiting',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'kind']).doUpdateSet({
        state: 'waiting',
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
        last_error: null,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Claims the oldest due job for `owner` until `leaseMs` from now, or none. One UPDATE whose WHERE
 * checks the lease again: when two processes pick the same job, the second finds the lease taken
 * (PostgreSQL re-reads the row after the first commits; SQLite has one writer) and claims nothing.
 */
export async function claimJob(
  db: Db,
  owner: string,
  leaseMs: number,
  now = Date.now(),
): Promise<CourierJobRow | null> {
  const at = nowIso(now);
  const free = (eb: ExpressionBuilder<Database, 'courier_jobs'>) =>
    eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]);
  const row = await writeTransaction(db, (trx) =>
    trx
      .updateTable('courier_jobs')
      .set({ lease_until: nowIso(now + leaseMs), lease_owner: owner, updated_at: at })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('courier_jobs')
          .select('id')
          .where('state', '=', 'waiting')
          .where('next_attempt_at', '<=', at)
          .where(free)
          .orderBy('next_attempt_at')
          .limit(1),
      )
      .where('state', '=', 'waiting')
      .where(free)
      .returningAll()
      .executeTakeFirst(),
  );
  return row ?? null;
}

/** The order as the courier's booking needs it, or why it can no longer be booked. */
export async function parcelOfOrder(
  db: Db,
  config: Config,
  orderId: string,
): Promise<{ parcel: ParcelBooking } | { refusal: string }> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.number',
      'orders.created_at',
      'orders.status',
      'orders.advance_state',
      'orders.buyer_name',
      'orders.user_phone',
      'orders.address',
      'orders.total',
      'orders.advance_amount',
      'users.email',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return { refusal: 'The order no longer exists.' };
  if (!stateRule(order.status).live) return { refusal: bookingRefusals.notLive(order.number) };
  if (!advanceSettled(order.advance_state)) return { refusal: bookingRefusals.gate(order.number) };
  const lines = await db
    .selectFrom('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'order_lines.product_id',
      'order_lines.product_name',
      'order_lines.discount_price',
      'order_lines.quantity',
      'order_lines.hsn_code',
      'products.weight_grams',
      'products.length_cm',
      'products.breadth_cm',
      'products.height_cm',
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.line_no')
    .execute();
  const pincode = addressPincode(order.address);
  if (!pincode) return { refusal: `Order ${order.number}'s address has no 6-digit pincode.` };
  const state = deliveryState(order.address)?.name ?? pincodePlace(pincode)?.state ?? '';
  const money = orderCodMoney(order);
  // A parcel of watches: their weights add up; the box is the largest product's, stacked by quantity.
  const d = config.parcel;
  let weightGrams = 0;
  let box = { l: 0, b: 0, h: 0 };
  for (const l of lines) {
    const qty = Number(l.quantity);
    weightGrams += (l.weight_grams ?? d.grams) * qty;
    const own = { l: l.length_cm ?? d.lengthCm, b: l.breadth_cm ?? d.breadthCm, h: (l.height_cm ?? d.heightCm) * qty };
    if (own.l * own.b * own.h > box.l * box.b * box.h) box = own;
  }
  if (lines.length === 0) box = { l: d.lengthCm, b: d.breadthCm, h: d.heightCm };
  return {
    parcel: {
      orderNumber: order.number,
      orderedAt: order.created_at,
      buyerName: plainLine(order.buyer_name) || 'Customer',
      phone: order.user_phone,
      email: order.email ? order.email : null,
      address: plainLine(order.address),
      city: cityOf(order.address, pincode),
      state,
      pincode,
      lines: lines.map((l) => ({
        name: plainLine(l.product_name),
        sku: l.product_id,
        quantity: Number(l.quantity),
        unitPrice: Number(l.discount_price),
        hsn: l.hsn_code,
      })),
      total: Number(order.total),
      // The one rule (common/advance.ts codMoney): the advance the shop holds, what the courier collects.
      advancePaid: money.received,
      codAmount: money.onDelivery,
      weightGrams: Math.max(1, weightGrams || d.grams),
      lengthCm: box.l,
      breadthCm: box.b,
      heightCm: box.h,
    },
  };
}

/**
 * The city of a checkout address ('room, building, near landmark, city - pincode, state',
 * account-rules.ts composeAddress): the words before " - pincode"; else the pincode's district.
 */
export function cityOf(address: string, pincode: string): string {
  const segment = address.split(',').find((part) => part.replace(/\s/g, '').includes(pincode));
  const city = segment?.split(/\s+-\s+|\s*-\s*(?=\d)/)[0]?.trim();
  if (city && /\p{L}/u.test(city) && !/\d{6}/.test(city)) return plainLine(city);
  return pincodePlace(pincode)?.district ?? '';
}

/** The booked parcel a pickup, label, cancel or NDR call needs, from the shipment's row. */
export async function bookedParcelOf(db: Db, orderId: string): Promise<BookedParcel | null> {
  const s = await db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!s?.awb || s.booking_state !== 'booked') return null;
  return {
    courierName: s.courier_name,
    awb: s.awb,
    courierOrderId: s.courier_order_id,
    courierShipmentId: s.courier_shipment_id,
    labelUrl: s.label_url,
    pickupAt: null,
  };
}

/** Booked: the shipment's row gets what the courier gave, the job is done, the pickup is asked for next. */
export async function recordBooked(db: Db, job: CourierJobRow, booked: BookedParcel, trackingUrl: string | null) {
  const now = nowIso();
  await writeTransaction(db, async (trx) => {
    await trx
      .updateTable('shipments')
      .set({
        courier_name: booked.courierName,
        awb: booked.awb,
        tracking_url: trackingUrl,
        courier_order_id: booked.courierOrderId,
        courier_shipment_id: booked.courierShipmentId,
        label_url: booked.labelUrl,
        booking_state: 'booked',
        booking_error: null,
        booked_at: now,
        step: 'booked',
        updated_at: now,
      })
      .where('order_id', '=', job.order_id)
      .execute();
    await finishJob(trx, job, 'done', null, now);
    await armJob(trx, job.order_id, 'pickup', now);
  });
}

/** The pickup is asked for: the job is done. */
export async function recordPickedUpRequested(db: Db, job: CourierJobRow) {
  await writeTransaction(db, (trx) => finishJob(trx, job, 'done', null, nowIso()));
}

/** The courier refused: the job stops, and the owner reads the courier's words on the order. */
export async function recordRefused(db: Db, job: CourierJobRow, words: string) {
  const now = nowIso();
  const error = jobError(words);
  await writeTransaction(db, async (trx) => {
    await finishJob(trx, job, 'failed', error, now);
    await trx
      .updateTable('shipments')
      .set(
        job.kind === 'book'
          ? { booking_state: 'failed', booking_error: error, updated_at: now }
          : { booking_error: `Pickup not scheduled: ${error}`, updated_at: now },
      )
      .where('order_id', '=', job.order_id)
      .execute();
  });
}

/** Not reached, or no answer: the job waits `delayMs` and is tried again; the lease is let go. */
export async function recordRetry(db: Db, job: CourierJobRow, error: string, delayMs: number) {
  const now = Date.now();
  await writeTransaction(db, (trx) =>
    trx
      .updateTable('courier_jobs')
      .set({
        attempts: Number(job.attempts) + 1,
        last_error: jobError(error),
        next_attempt_at: nowIso(now + delayMs),
        lease_until: null,
        lease_owner: null,
        updated_at: nowIso(now),
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.lease_owner)
      .execute(),
  );
}

async function finishJob(
  trx: Transaction<Database>,
  job: CourierJobRow,
  state: 'done' | 'failed',
  error: string | null,
  now: string,
) {
  await trx
    .updateTable('courier_jobs')
    .set({
      state,
      attempts: Number(job.attempts) + 1,
      last_error: error,
      lease_until: null,
      lease_owner: null,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .execute();
}

/** Jobs still waiting (the dashboard, and tests that wait for the queue to drain). */
export async function countWaitingJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('courier_jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('state', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
