/**
 * Courier booking's endpoints (src/common/api-contract.ts; docs/product.md#booking-a-courier): the
 * owner's "Book courier", and the tracking webhook a courier's API calls (never the browser). The
 * webhook's address names no courier: Shiprocket refuses URLs containing "shiprocket",
 * "kartrocket", "sr" or "kr" (its webhook docs). Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { BookCourierInput, BookCourierReply, CourierInfo, CourierUpdateReply } from './schemas/courier-booking.ts';

export const courierBookingApi = {
  /** The store's courier, and whether it books through an API. */
  courier: endpoint<{ reply: CourierInfo }>()('GET', '/admin/courier'),
  /** Books the courier for these orders (through the job queue): answers at once, per order. */
  book: endpoint<{ reply: BookCourierReply; body: BookCourierInput }>()('POST', '/admin/orders/book-courier'),
  /** Tracking events from the courier, with its token in x-api-key. */
  updates: endpoint<{ reply: CourierUpdateReply; body: unknown }>()('POST', '/courier/updates'),
} as const;
