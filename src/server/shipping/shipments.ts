/**
 * Shipments as stored (docs/product.md#shipping): the owner's manual courier and AWB, and the
 * shipment and its history as the shopper's and the owner's screens read them. Booking through a
 * courier's API (H2's booking jobs) writes the same rows.
 */
import { trackingUrl } from '../../common/couriers.ts';
import { stateRule } from '../../common/orders.ts';
import type { AdminShipment, ShopperShipment } from '../../common/schemas/shipping.ts';
import { isShipmentStep, type ShipmentStepName } from '../../common/shipments.ts';
import { nowIso } from '../db/ids.ts';
import type { Db, ShipmentRow } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { conflict } from '../http/errors.ts';
import { lockOrder } from '../orders/lock.ts';
import { MANUAL_COURIER_ID } from './couriers/manual/manual-courier.ts';

export const awbTakenMessage = (awb: string, orderNumber: string) =>
  `Tracking number ${awb} is already on order ${orderNumber}: one AWB names one parcel.`;
export const notLiveMessage = (orderNumber: string) => `Order ${orderNumber} is cancelled: it has no parcel to track.`;
export const bookedByApiMessage = (orderNumber: string, courier: string) =>
  `Order ${orderNumber} was booked through ${courier}: its courier and AWB come from there.`;

/** The shipment as shopper and owner read it. */
export interface ShipmentView {
  courier: string;
  /** Typed by the owner (the manual courier): its steps are set by hand. */
  byHand: boolean;
  courierName: string;
  awb: string | null;
  trackingUrl: string | null;
  step: string;
  scanText: string | null;
  scanLocation: string | null;
  scanAt: string | null;
  expectedBy: string | null;
  attempts: number;
  undeliveredReason: string | null;
  bookingState: string;
  bookingError: string | null;
}

/** What the shopper reads of a shipment: no courier ids, attempts or booking errors. */
export function toShopperShipment(view: ShipmentView): ShopperShipment {
  return {
    courierName: view.courierName,
    awb: view.awb,
    trackingUrl: view.trackingUrl,
    step: isShipmentStep(view.step) ? view.step : 'booked',
    scanText: view.scanText,
    scanLocation: view.scanLocation,
    scanAt: view.scanAt,
    expectedBy: view.expectedBy,
  };
}

/** What the owner reads. */
export function toAdminShipment(view: ShipmentView): AdminShipment {
  return { ...toShopperShipment(view), ...view, step: toShopperShipment(view).step };
}

export function shipmentView(row: ShipmentRow): ShipmentView {
  return {
    courier: row.courier,
    byHand: row.courier === MANUAL_COURIER_ID,
    courierName: row.courier_name,
    awb: row.awb,
    // A courier's API may give its own tracking page; a typed courier gets the one we know, if any.
    trackingUrl: row.tracking_url ?? (row.awb ? trackingUrl(row.courier_name, row.awb) : null),
    step: row.step,
    scanText: row.scan_text,
    scanLocation: row.scan_location,
    scanAt: row.scan_at,
    expectedBy: row.expected_by,
    attempts: row.attempts,
    undeliveredReason: row.undelivered_reason,
    bookingState: row.booking_state,
    bookingError: row.booking_error,
  };
}

/** The shipments of these orders, by order id. */
export async function shipmentsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, ShipmentView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('shipments').selectAll().where('order_id', 'in', orderIds).execute();
  return new Map(rows.map((r) => [r.order_id, shipmentView(r)]));
}

export interface TrackingHistoryEntry {
  step: ShipmentStepName;
  statusText: string;
  at: string;
  location: string | null;
  reason: string | null;
}

/** An AWB's events, newest first (the history on /track and the owner's order panel). */
export async function trackingHistory(db: Db, awb: string, limit = 50): Promise<TrackingHistoryEntry[]> {
  const rows = await db
    .selectFrom('shipment_events')
    .select(['step', 'status_text', 'at', 'location', 'reason'])
    .where('awb', '=', awb)
    .orderBy('at', 'desc')
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    step: isShipmentStep(r.step) ? r.step : 'booked',
    statusText: r.status_text,
    at: r.at,
    location: r.location,
    reason: r.reason,
  }));
}

/**
 * The owner's courier name and AWB for an order sent with the manual courier. A new AWB is a new
 * parcel: its step starts again at booked (the old AWB's events stay in the history under it).
 */
export async function saveManualShipment(
  db: Db,
  orderNumber: string,
  input: { courierName: string; awb: string },
): Promise<ShipmentView> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderNumber);
      if (!stateRule(order.status).live) throw conflict(notLiveMessage(orderNumber));
      const other = await trx
        .selectFrom('shipments')
        .innerJoin('orders', 'orders.id', 'shipments.order_id')
        .select('orders.number')
        .where('shipments.awb', '=', input.awb)
        .where('shipments.order_id', '!=', order.id)
        .executeTakeFirst();
      if (other)
        throw conflict(awbTakenMessage(input.awb, other.number), { awb: awbTakenMessage(input.awb, other.number) });
      const existing = await trx
        .selectFrom('shipments')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      if (existing && existing.courier !== MANUAL_COURIER_ID && existing.booking_state !== 'none') {
        throw conflict(bookedByApiMessage(orderNumber, existing.courier));
      }
      const now = nowIso();
      const newParcel = existing?.awb !== input.awb;
      const values = {
        courier: MANUAL_COURIER_ID,
        courier_name: input.courierName,
        awb: input.awb,
        ...(newParcel
          ? {
              step: 'booked',
              scan_text: null,
              scan_location: null,
              scan_at: null,
              expected_by: null,
              attempts: 0,
              undelivered_reason: null,
              tracking_url: null,
              booked_at: now,
            }
          : {}),
        updated_at: now,
      };
      const row = existing
        ? await trx
            .updateTable('shipments')
            .set(values)
            .where('order_id', '=', order.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('shipments')
            .values({ order_id: order.id, created_at: now, ...values })
            .returningAll()
            .executeTakeFirstOrThrow();
      return shipmentView(row);
    });
  } catch (err) {
    // Two orders given one AWB at the same moment: the unique index decides, the second hears why.
    if (isUniqueViolation(err)) throw conflict(awbTakenMessage(input.awb, 'another order'));
    throw err;
  }
}

/** The shipment of one order, found by the order's number. */
export async function shipmentOfOrder(db: Db, orderNumber: string): Promise<ShipmentRow | undefined> {
  return db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .selectAll('shipments')
    .where('orders.number', '=', orderNumber)
    .executeTakeFirst();
}

/** Whether an order with this number exists (an order with no shipment yet answers with none). */
export async function orderNumberExists(db: Db, orderNumber: string): Promise<boolean> {
  const order = await db.selectFrom('orders').select('id').where('number', '=', orderNumber).executeTakeFirst();
  return order !== undefined;
}
