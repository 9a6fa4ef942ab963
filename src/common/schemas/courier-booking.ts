/**
 * Courier booking's shapes (docs/product.md#booking-a-courier): the owner's "Book courier" for one
 * order or the ticked ones, what the store's courier can do, and the webhook's answer (each
 * courier's own payload is read in its folder, src/server/shipping/couriers/).
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

/** A courier's webhook wants HTTP 200 (Shiprocket reads nothing of the body). */
export const courierUpdateReplySchema = z.object({ received: z.boolean() });
export type CourierUpdateReply = z.infer<typeof courierUpdateReplySchema>;

/**
 * The courier the store books with, as the owner's screens need it: what to call it and what it can
 * do ("Book courier" shows only for one that books). Never its id: screens ask what it can do.
 */
export const courierInfoSchema = z.object({
  /** The courier in a sentence: "Shiprocket", "the courier". */
  title: z.string(),
  /** The store books it through its API (else the owner types the AWB). */
  books: z.boolean(),
  /** A failed delivery's choice goes to it through its API (else the owner phones it in). */
  ndr: z.boolean(),
  /** The parcel of a product that names none (PARCEL_DEFAULT_*): the product form's placeholders. */
  parcelDefaults: z.object({
    grams: z.number().int(),
    lengthCm: z.number().int(),
    breadthCm: z.number().int(),
    heightCm: z.number().int(),
  }),
});
export type CourierInfo = z.infer<typeof courierInfoSchema>;
