/**
 * Shiprocket's tracking webhook (asyncapi/shiprocket-tracking-webhooks.yml in
 * github.com/api-evangelist/shiprocket, from apidocs.shiprocket.in "Webhooks"): POSTed as JSON to
 * the seller's URL on every new scan, with the seller's token in `x-api-key`; Shiprocket wants HTTP
 * 200 only, and documents no signature, so the token is the only proof of origin.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ShiprocketWebhook } from '../../../common/schemas/courier-booking.ts';
import type { TrackingEvent } from '../courier.ts';
import { shiprocketDate, shiprocketTime, stepForStatus } from './status-map.ts';

/**
 * The token compared in constant time: both sides are hashed first, so the comparison's length
 * (and time) says nothing about the token's length or its first differing character.
 */
export function webhookTokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * The webhook as a courier-neutral event, or null when its status has no step in the store (lost,
 * damaged …: status-map.ts) or its time cannot be read. The event is keyed on the AWB and
 * `shipment_status_id` (the tracking table's id; `current_status_id` follows another numbering,
 * 20 for "IN TRANSIT" in the documented example where shipment_status_id is 18).
 */
export function webhookEvent(body: ShiprocketWebhook): TrackingEvent | null {
  const step = stepForStatus(body.shipment_status_id);
  if (!step) return null;
  const scans = body.scans ?? [];
  // The scan this status is about: the latest with the same status id, else the latest.
  const scan =
    [...scans].reverse().find((s) => String(s['sr-status'] ?? '') === body.shipment_status_id) ?? scans.at(-1);
  const at = shiprocketTime(body.current_timestamp) ?? shiprocketTime(scan?.date);
  if (!at) return null;
  return {
    awb: body.awb,
    statusId: body.shipment_status_id,
    statusText: body.shipment_status || body.current_status || '',
    step,
    at,
    location: scan?.location ?? null,
    reason: step === 'undelivered' ? (scan?.activity ?? body.current_status ?? null) : null,
    attempt: null,
    expectedBy: shiprocketDate(body.etd),
  };
}
