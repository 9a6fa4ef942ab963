/**
 * Courier booking's shapes (docs/product.md#booking-a-courier): the owner's "Book courier" for one
 * order or the ticked ones, and the tracking webhook a courier's API calls (Shiprocket's documented
 * payload, asyncapi/shiprocket-tracking-webhooks.yml in github.com/api-evangelist/shiprocket).
 */
import { z } from 'zod';
import { orderNumberSchema } from './order.ts';

/** Most orders one click books: a day's parcels for a small shop, with room. */
export const BOOK_MAX = 100;

export const bookCourierSchema = z.object({
  orderNumbers: z
    .array(orderNumberSchema)
    .min(1, 'Tick at least one order')
    .max(BOOK_MAX, `Book at most ${BOOK_MAX} orders at a time`)
    .transform((numbers) => [...new Set(numbers)]),
});
export type BookCourierInput = z.input<typeof bookCourierSchema>;

export const bookingResultSchema = z.object({
  orderNumber: z.string(),
  /** booking: queued now; already-booking: it was queued already; refused: see message. */
  outcome: z.enum(['booking', 'already-booking', 'refused']),
  message: z.string().nullable(),
});
export const bookCourierReplySchema = z.object({ results: z.array(bookingResultSchema) });
export type BookCourierReply = z.infer<typeof bookCourierReplySchema>;

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

/** Shiprocket expects HTTP 200 and reads nothing of the body. */
export const courierUpdateReplySchema = z.object({ received: z.boolean() });
export type CourierUpdateReply = z.infer<typeof courierUpdateReplySchema>;

/** Which courier the store books with: the owner's screens show "Book courier" only for one with an API. */
export const courierInfoSchema = z.object({
  /** 'manual' or 'shiprocket'. */
  id: z.string(),
  /** True when the store books through the courier's API. */
  automatic: z.boolean(),
  /** The parcel of a product that names none (PARCEL_DEFAULT_*): the product form's placeholders. */
  parcelDefaults: z.object({
    grams: z.number().int(),
    lengthCm: z.number().int(),
    breadthCm: z.number().int(),
    heightCm: z.number().int(),
  }),
});
export type CourierInfo = z.infer<typeof courierInfoSchema>;
