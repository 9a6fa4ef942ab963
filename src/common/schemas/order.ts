/** Order shapes shared by checkout, Your Orders, History and the orders API. */
import { z } from 'zod';
import { ADVANCE_STATES, UTR_MESSAGE, UTR_PATTERN } from '../advance.ts';
import { BUSINESS_BUYER_RULES, businessPairProblem } from '../business-buyer-rules.ts';
import { addressSchema } from './account.ts';
import { MAX_CART_LINES, productIdSchema, quantitySchema, totalsSchema } from './cart.ts';
import { textSchema } from './from-rules.ts';
import { settlementSchema } from './settlement.ts';
import { shopperShipmentSchema } from './shipping.ts';

export const placeOrderSchema = z
  .object({
    address: addressSchema,
    /** One per checkout attempt (crypto.randomUUID): a repeated submit returns the same order. */
    idempotencyKey: z
      .string('Please try placing the order again')
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Please try placing the order again'),
    /** Lines to order; when absent, the shopper's cart is ordered. Prices are never read from here. */
    lines: z
      .array(z.object({ productId: productIdSchema, quantity: quantitySchema }))
      .min(1, 'Your cart is empty')
      .max(MAX_CART_LINES, 'Too many watches in one order')
      .optional(),
    /** The unticked "Send my order updates on WhatsApp" box: true records the consent on the account. */
    whatsappUpdates: z.boolean().optional(),
    /** Pay the whole order by UPI now, for the owner's discount (common/pay-in-full.ts), instead of an advance. */
    payInFull: z.boolean().optional(),
    /** A business buyer's GSTIN and registered name (common/business-buyer-rules.ts); both or neither. */
    buyerGstin: textSchema(BUSINESS_BUYER_RULES.buyerGstin).toUpperCase().optional(),
    businessName: textSchema(BUSINESS_BUYER_RULES.businessName).optional(),
  })
  .superRefine((v, ctx) => {
    const pair = businessPairProblem({ buyerGstin: v.buyerGstin ?? '', businessName: v.businessName ?? '' });
    if (pair) ctx.addIssue({ code: 'custom', path: [pair.field], message: pair.message });
  });
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  discountPrice: z.number().int(),
  quantity: z.number().int(),
});

/** The advance as the shopper's order shows it (common/advance.ts). */
export const orderAdvanceSchema = z.object({
  amount: z.number().int(),
  /** Left to pay on delivery: the total minus the advance. */
  balance: z.number().int(),
  state: z.enum(ADVANCE_STATES),
  label: z.string(),
  utr: z.string().nullable(),
  /** The owner's reason when the advance was refused. */
  note: z.string().nullable(),
  /** The UPI intent link; null when the shop has no UPI id (then WhatsApp is offered). */
  payLink: z.string().nullable(),
  /** Paid (or to be paid) whole by UPI: the advance is the order's total, nothing on delivery. */
  inFull: z.boolean(),
  /** The rupees taken off for paying in full (0: none). */
  inFullDiscount: z.number().int(),
  /** While nothing is paid: what paying the whole order now would come to instead (common/pay-in-full.ts). */
  inFullOffer: z.object({ payNow: z.number().int(), discount: z.number().int() }).nullable(),
});
export type OrderAdvance = z.infer<typeof orderAdvanceSchema>;

export const orderSchema = z.object({
  /** The order number people read (TSW-10427); the internal id never leaves the server. */
  number: z.string(),
  createdAt: z.string(),
  address: z.string(),
  status: z.string(),
  /** What the shopper reads: Pending until an admin sets a state. */
  statusLabel: z.string(),
  lines: z.array(orderLineSchema),
  totals: totalsSchema,
  delivery: z.object({ from: z.string(), to: z.string() }),
  advance: orderAdvanceSchema,
  /** The invoice's number once the order is dispatched or delivered (its PDF is then the shopper's); else null. */
  invoiceNumber: z.string().nullable(),
  /** The credit note that cancels the invoice, once the invoiced order is cancelled or comes back; else null. */
  creditNoteNumber: z.string().nullable(),
  /** The parcel as the shopper reads it: courier, AWB and tracking link, latest scan (docs/product.md#shipping). */
  shipment: shopperShipmentSchema.nullable(),
  /** After a failed delivery attempt: the page to choose a new day or cancel (docs/product.md#failed-deliveries). */
  deliveryChoicePath: z.string().nullable(),
  /** What became of the advance of a cancelled or returned order, and any refund (common/settlement.ts). */
  settlement: settlementSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** The shopper's UPI reference for the advance. */
export const advancePaymentSchema = z.object({
  utr: z.string(UTR_MESSAGE).trim().regex(UTR_PATTERN, UTR_MESSAGE),
});
export type AdvancePaymentInput = z.infer<typeof advancePaymentSchema>;

/** Order numbers in URLs: letters, digits and one hyphen (TSW-10427). */
export const orderNumberSchema = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9]{1,12}-[0-9]{1,12}$/, 'We could not find this order');

/** Your Orders shows the undelivered ones, History the delivered ones (docs/product.md#states-and-transitions). */
export const ORDER_VIEWS = ['open', 'delivered', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

/** Every address that names one order: /orders/:orderNumber, /admin/orders/:orderNumber and theirs. */
export const orderNumberParamsSchema = z.object({ orderNumber: orderNumberSchema });

/** GET /orders?view=: the undelivered ones unless asked otherwise. */
export const orderViewQuerySchema = z.object({ view: z.enum(ORDER_VIEWS).default('open') });

/** One of the shopper's orders, as placing, reading and paying the advance of one answer. */
export const orderReplySchema = z.object({ order: orderSchema });

/**
 * The advance link's page (docs/product.md#the-advance; server/orders/advance-link.ts): only what
 * paying needs, the order's number, state and advance. No address, phone, watches or name.
 */
export const advanceLinkOrderSchema = orderSchema.pick({ number: true, status: true, advance: true });
export type AdvanceLinkOrder = z.infer<typeof advanceLinkOrderSchema>;
export const advanceLinkReplySchema = z.object({ order: advanceLinkOrderSchema });
export type AdvanceLinkReply = z.infer<typeof advanceLinkReplySchema>;
export const ADVANCE_LINK_MESSAGE = 'This link is not valid. Please use the link in our message, or contact us.';
/** The link's order number and token: a wrong one is the same 404 as an unknown or closed order. */
export const advanceLinkParamsSchema = z.object({
  orderNumber: z.string(ADVANCE_LINK_MESSAGE).max(40, ADVANCE_LINK_MESSAGE),
  token: z.string(ADVANCE_LINK_MESSAGE).max(64, ADVANCE_LINK_MESSAGE),
});
export type OrderReply = z.infer<typeof orderReplySchema>;
export const orderListSchema = z.object({ orders: z.array(orderSchema) });
export type OrderList = z.infer<typeof orderListSchema>;
