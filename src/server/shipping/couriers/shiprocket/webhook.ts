/**
 * Shiprocket's tracking webhook (asyncapi/shiprocket-tracking-webhooks.yml in
 * github.com/api-evangelist/shiprocket, from apidocs.shiprocket.in "Webhooks"): POSTed as JSON to
 * the seller's URL on every new scan, with the seller's token in `x-api-key`; Shiprocket wants HTTP
 * 200 only, and documents no signature, so the token is the only proof of origin.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CourierWebhook, TrackingEvent } from '../../courier.ts';
import { shiprocketDate, shiprocketTime, stepForStatus } from './status-map.ts';

const text = (max: number) => z.string().max(max);
const idLike = z.union([z.string().max(60), z.number()]);

/**
 * Shiprocket's tracking webhook, as documented (the provider's example: awb, courier_name,
 * current_status, current_status_id, shipment_status, shipment_status_id, current_timestamp
 * "23 05 2023 11:43:52", order_id, sr_order_id, awb_assigned_date, pickup_scheduled_date, etd,
 * scans[] {date, status, activity, location, sr-status, sr-status-label}, is_return, channel_id,
 * pod_status, pod). The fields the store reads are required and bounded; the rest may come or not.
 */
export const shiprocketWebhookSchema = z
  .object({
    awb: z.union([z.string().trim().min(4).max(40), z.number().int().positive()]).transform(String),
    courier_name: text(100).nullish(),
    current_status: text(100).nullish(),
    current_status_id: idLike.nullish(),
    shipment_status: text(100),
    shipment_status_id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,4}$/)]).transform(String),
    current_timestamp: text(40),
    order_id: idLike.nullish(),
    sr_order_id: idLike.nullish(),
    etd: text(40).nullish(),
    scans: z
      .array(
        z
          .object({
            date: text(40),
            status: text(100).nullish(),
            activity: text(500).nullish(),
            location: text(200).nullish(),
            'sr-status': idLike.nullish(),
            'sr-status-label': text(100).nullish(),
          })
          .passthrough(),
      )
      .max(500)
      .nullish(),
    is_return: z.union([z.number(), z.boolean(), z.string().max(5)]).nullish(),
  })
  .passthrough();
export type ShiprocketWebhook = z.output<typeof shiprocketWebhookSchema>;

/** The 400's words for a body that is not Shiprocket's payload. */
export const NOT_A_SHIPROCKET_UPDATE = 'The body is not a Shiprocket tracking update';

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

/** The webhook as the courier route reads it (../../webhook-routes.ts): the token in `x-api-key`, then the payload. */
export function shiprocketWebhook(token: string): CourierWebhook {
  return {
    authorized: (headers) => webhookTokenMatches(headers['x-api-key'], token),
    read(body) {
      const parsed = shiprocketWebhookSchema.safeParse(body);
      if (!parsed.success) return { ok: false, message: NOT_A_SHIPROCKET_UPDATE, issues: parsed.error.issues };
      return {
        ok: true,
        event: webhookEvent(parsed.data),
        about: { awb: parsed.data.awb, status: parsed.data.shipment_status_id },
      };
    },
  };
}
