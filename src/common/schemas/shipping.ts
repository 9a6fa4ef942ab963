/** Shipping's shapes (docs/product.md#shipping): the shipment as screens read it, the owner's inputs, the pincode check. */
import { z } from 'zod';
import { AWB_MESSAGE, AWB_PATTERN, COURIER_NAME_MAX } from '../couriers.ts';
import { SHIPMENT_STEPS } from '../shipments.ts';
import { plainText } from './from-rules.ts';
import { settlementSchema } from './settlement.ts';

/** The shipment as the shopper reads it (Your Orders, /track): no courier ids, no booking errors. */
export const shopperShipmentSchema = z.object({
  courierName: z.string(),
  awb: z.string().nullable(),
  /** The courier's tracking page for this AWB; null for a courier we do not know. */
  trackingUrl: z.string().nullable(),
  step: z.enum(SHIPMENT_STEPS),
  scanText: z.string().nullable(),
  scanLocation: z.string().nullable(),
  scanAt: z.string().nullable(),
  /** YYYY-MM-DD, India time. */
  expectedBy: z.string().nullable(),
});
export type ShopperShipment = z.infer<typeof shopperShipmentSchema>;

/** The shipment as the owner reads it: which courier handles it, failed attempts, the booking's state. */
export const adminShipmentSchema = shopperShipmentSchema.extend({
  /** The courier that handles it (kept on the shipment): shown, never compared by the screens. */
  courier: z.string(),
  /** The owner typed its courier and AWB (the manual courier): its steps are set by hand. */
  byHand: z.boolean(),
  attempts: z.number().int(),
  undeliveredReason: z.string().nullable(),
  /** none | booking | booked | failed. */
  bookingState: z.string(),
  bookingError: z.string().nullable(),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

export const trackingEntrySchema = z.object({
  step: z.enum(SHIPMENT_STEPS),
  statusText: z.string(),
  at: z.string(),
  location: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

export const COURIER_NAME_MESSAGE = `Please enter the courier's name (2 to ${COURIER_NAME_MAX} characters)`;

/** The owner's courier and AWB for the manual courier: both plain one-line text (they reach the shopper). */
export const manualShipmentSchema = z.object({
  courierName: plainText(z.string(COURIER_NAME_MESSAGE).trim(), 'line')
    .min(2, COURIER_NAME_MESSAGE)
    .max(COURIER_NAME_MAX, COURIER_NAME_MESSAGE),
  awb: z.string(AWB_MESSAGE).trim().regex(AWB_PATTERN, AWB_MESSAGE),
});
export type ManualShipmentInput = z.infer<typeof manualShipmentSchema>;

/** The steps the owner may set by hand for the manual courier (booked is set by saving the AWB). */
export const MANUAL_STEPS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'undelivered',
  'delivered',
  'rto_initiated',
  'rto_delivered',
] as const;
export const shipmentStepSchema = z.object({
  step: z.enum(MANUAL_STEPS, 'Please choose a shipment step'),
  /** For a failed delivery: the courier's reason, as the owner heard it. */
  reason: plainText(z.string('The reason must be text').trim(), 'line')
    .max(200, 'Please keep the reason under 200 characters')
    .default(''),
});
export type ShipmentStepInput = z.infer<typeof shipmentStepSchema>;

export const adminShipmentReplySchema = z.object({
  shipment: adminShipmentSchema.nullable(),
  history: z.array(trackingEntrySchema),
  /** Why the order did not move with the step, when it did not. */
  orderHeld: z.string().nullable(),
});
export type AdminShipmentReply = z.infer<typeof adminShipmentReplySchema>;

export const PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode';
export const pincodeParamsSchema = z.object({
  pincode: z.string(PINCODE_MESSAGE).regex(/^[1-9][0-9]{5}$/, PINCODE_MESSAGE),
});

/** Whether the shop delivers to a pincode, and the words the product page and checkout show. */
export const deliveryCheckSchema = z.object({
  pincode: z.string(),
  served: z.boolean(),
  cod: z.boolean(),
  /** YYYY-MM-DD, India time, when known. */
  expectedBy: z.string().nullable(),
  /** "Delivery by Thu, 3 Dec · cash on delivery available", or why not. */
  message: z.string(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;

/** /track: the order number and the phone it was placed with (no log-in). */
export const trackQuerySchema = z.object({
  order: z.string().trim().max(40).default(''),
  phone: z.string().trim().max(20).default(''),
});

export const trackReplySchema = z.object({
  number: z.string(),
  statusLabel: z.string(),
  /** The cash to keep ready for the courier (common/advance.ts codMoney); null once nothing is left to pay. */
  toPayOnDelivery: z.number().int().nullable(),
  shipment: shopperShipmentSchema.nullable(),
  /** After a failed delivery attempt: the page to choose a new day or cancel (docs/product.md#failed-deliveries). */
  deliveryChoicePath: z.string().nullable(),
  history: z.array(trackingEntrySchema),
  /** What became of the advance of a cancelled or returned order, and any refund (common/settlement.ts). */
  settlement: settlementSchema,
});
export type TrackReply = z.infer<typeof trackReplySchema>;
