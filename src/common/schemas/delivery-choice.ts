/** Failed deliveries' shapes (docs/product.md#failed-deliveries): the shopper's choice and the owner's queue. */
import { z } from 'zod';
import { ACTION_MESSAGE, DAY_MESSAGE, DELIVERY_ACTIONS, DELIVERY_CHOICE_RULES } from '../delivery-choice-rules.ts';
import { formSchema } from './from-rules.ts';

export const CHOICE_LINK_MESSAGE = 'This link is not valid. Please use the link in our message, or contact us.';

/** The link's order number and token (delivery-choice-link.ts): a wrong one is the same 404 as an unknown order. */
export const choiceParamsSchema = z.object({
  orderNumber: z.string(CHOICE_LINK_MESSAGE).max(40, CHOICE_LINK_MESSAGE),
  token: z.string(CHOICE_LINK_MESSAGE).max(64, CHOICE_LINK_MESSAGE),
});

/** The shopper's choice: try again on a day (with a corrected phone or landmark), or cancel. */
export const deliveryChoiceInputSchema = formSchema(DELIVERY_CHOICE_RULES).extend({
  action: z.enum(DELIVERY_ACTIONS, ACTION_MESSAGE),
  /** YYYY-MM-DD, one of choiceDays(); ignored for a return. */
  date: z.string(DAY_MESSAGE).max(10, DAY_MESSAGE).default(''),
  phone: formSchema(DELIVERY_CHOICE_RULES).shape.phone.default(''),
  landmark: formSchema(DELIVERY_CHOICE_RULES).shape.landmark.default(''),
});
export type DeliveryChoiceInput = z.input<typeof deliveryChoiceInputSchema>;

export const CHOICE_STATES = ['waiting', 'sending', 'sent', 'refused'] as const;

export const storedChoiceSchema = z.object({
  action: z.enum(DELIVERY_ACTIONS),
  date: z.string().nullable(),
  phone: z.string().nullable(),
  landmark: z.string().nullable(),
  chosenAt: z.string(),
  state: z.enum(CHOICE_STATES),
  sentAt: z.string().nullable(),
  /** The courier's words when it refused (or why it could not be reached). */
  error: z.string().nullable(),
});
export type StoredChoice = z.infer<typeof storedChoiceSchema>;

/** What the choice page shows: the parcel, why it failed, the days offered and any choice made. */
export const choicePageSchema = z.object({
  number: z.string(),
  courierName: z.string(),
  awb: z.string(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** The shopper may choose (the latest step is a failed delivery and no choice was sent for it). */
  open: z.boolean(),
  /** What the parcel is doing now, in the shopper's words. */
  stepLabel: z.string(),
  days: z.array(z.string()),
  choice: storedChoiceSchema.nullable(),
  /** The store sends the choice to the courier itself (a courier's API), or the shop does. */
  automatic: z.boolean(),
});
export type ChoicePage = z.infer<typeof choicePageSchema>;

/** One parcel in the owner's "Failed deliveries" queue. */
export const failedDeliverySchema = z.object({
  number: z.string(),
  buyerName: z.string(),
  phone: z.string(),
  courier: z.string(),
  /** Typed by the owner (the manual courier): its choice is phoned in whatever courier the store books with. */
  byHand: z.boolean(),
  courierName: z.string(),
  awb: z.string(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  failedAt: z.string().nullable(),
  choice: storedChoiceSchema.nullable(),
  /** The link the shopper chooses at (to send again by phone or WhatsApp). */
  link: z.string(),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const failedDeliveriesSchema = z.object({
  items: z.array(failedDeliverySchema),
  /** True when "Send to courier" calls the courier's API; false: the owner phones it in and marks it sent. */
  automatic: z.boolean(),
});
export type FailedDeliveries = z.infer<typeof failedDeliveriesSchema>;

export const sendChoiceReplySchema = z.object({ item: failedDeliverySchema.nullable() });
export type SendChoiceReply = z.infer<typeof sendChoiceReplySchema>;
