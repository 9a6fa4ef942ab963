/**
 * Shiprocket's shipment status ids onto the store's shipment steps, in one table
 * (docs/product.md#shipping). The ids and their names are Shiprocket's "Shipment Status Codes"
 * (apidocs.shiprocket.in, Tracking; openapi/shiprocket-tracking-api-openapi.yml in
 * github.com/api-evangelist/shiprocket): the `shipment_status_id` of a tracking webhook and the
 * `sr-status` of each scan.
 *
 * A status before the parcel leaves (pickup scheduled, out for pickup, a pickup exception) is
 * 'booked': kept in the history, it never moves the order. A status the store has no step for (lost,
 * damaged, destroyed, QC failed, a partial delivery) is null: logged for the owner, not applied.
 */
import type { ShipmentStep } from '../../courier.ts';

export const SHIPROCKET_STATUS_STEPS: Readonly<Record<number, ShipmentStep | null>> = {
  // Before pickup. 1-5 are not in the tracking table but appear in scans (the webhook example's
  // first scan is sr-status 5, "MANIFEST GENERATED").
  1: 'booked', // AWB assigned
  2: 'booked', // label generated
  3: 'booked', // pickup scheduled
  4: 'booked', // pickup queued
  5: 'booked', // manifest generated
  13: 'booked', // Pickup Error
  15: 'booked', // Pickup Rescheduled
  19: 'booked', // Out For Pickup
  20: 'booked', // Pickup Exception
  27: 'booked', // Pickup Booked
  52: 'booked', // Shipment Booked
  // Picked up.
  42: 'picked_up', // PICKED UP
  51: 'picked_up', // Handover to Courier
  // On the way.
  6: 'in_transit', // Shipped (after the pickup scan, in the tracking example)
  18: 'in_transit', // In Transit
  22: 'in_transit', // Delayed
  38: 'in_transit', // REACHED AT DESTINATION HUB
  39: 'in_transit', // MISROUTED
  48: 'in_transit', // Reached Warehouse
  50: 'in_transit', // In Flight
  17: 'out_for_delivery', // Out For Delivery
  21: 'undelivered', // Undelivered (a failed attempt: NDR)
  7: 'delivered', // Delivered
  26: 'delivered', // FULFILLED
  // Coming back.
  9: 'rto_initiated', // RTO Initiated
  14: 'rto_initiated', // RTO Acknowledged
  40: 'rto_initiated', // RTO_NDR
  41: 'rto_initiated', // RTO_OFD
  46: 'rto_initiated', // RTO IN INTRANSIT
  75: 'rto_initiated', // RTO_LOCK
  78: 'rto_initiated', // REACHED_BACK_AT_SELLER_CITY
  10: 'rto_delivered', // RTO Delivered
  8: 'cancelled', // Canceled
  45: 'cancelled', // CANCELLED_BEFORE_DISPATCHED
  // For the owner to look at on Shiprocket's panel.
  12: null, // Lost
  16: null, // Cancellation Requested (not cancelled yet)
  23: null, // Partial_Delivered
  24: null, // DESTROYED
  25: null, // DAMAGED
  44: null, // DISPOSED OFF
  47: null, // QC FAILED
  76: null, // UNTRACEABLE
  77: null, // ISSUE_RELATED_TO_THE_RECIPIENT
};

/** The step for a Shiprocket status id ("18" or 18); null when the store has none (or the id is unknown). */
export function stepForStatus(statusId: string | number | null | undefined): ShipmentStep | null {
  if (statusId === null || statusId === undefined || statusId === '') return null;
  const n = Number(statusId);
  if (!Number.isInteger(n)) return null;
  return SHIPROCKET_STATUS_STEPS[n] ?? null;
}

/**
 * Shiprocket's times are India time without a zone: "2022-07-19 11:37:00" (scans, etd) or, in the
 * webhook, "23 05 2023 11:43:52" (day month year). ISO-8601 UTC, or null when it is neither.
 */
export function shiprocketTime(text: string | null | undefined): string | null {
  if (!text) return null;
  const t = text.trim();
  let m = t.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/);
  let y: number;
  let mo: number;
  let d: number;
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    m = t.match(/^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?/);
    if (!m) return null;
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  // India is UTC+5:30 all year.
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 330 * 60_000;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date Shiprocket gives as "Jul 01, 2024" or "2024-07-01 …": YYYY-MM-DD, or null. */
export function shiprocketDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = text.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const named = text.trim().match(/^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/);
  if (!named) return null;
  const month = MONTHS.indexOf(named[1]!.toLowerCase());
  if (month < 0) return null;
  return `${named[3]}-${String(month + 1).padStart(2, '0')}-${named[2]!.padStart(2, '0')}`;
}
