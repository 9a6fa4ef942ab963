/** Orders and stats as the admin area reads them, the state change it sends, and the labels it asks for. */
import { z } from 'zod';
import { ADVANCE_STATES } from '../advance.ts';
import { CATEGORIES } from '../catalog.ts';
import { RISK_TIERS } from '../cod-rules.ts';
import { GST_STATES } from '../gst-states.ts';
import { ORDER_STATES } from '../orders.ts';
import { plainText } from './from-rules.ts';
import { settlementSchema } from './settlement.ts';
import { adminShipmentSchema } from './shipping.ts';

export const orderStateInputSchema = z.object({
  state: z.enum(ORDER_STATES, `Please choose ${ORDER_STATES.slice(0, -1).join(', ')} or ${ORDER_STATES.at(-1)}`),
  /**
   * The GST state code of the delivery state, for the invoice's place of supply: sent only when the
   * dispatch was refused because the address names no state (docs/product.md#invoice).
   */
  supplyState: z
    .enum(
      GST_STATES.map((s) => s.code),
      'Please choose the state the order is delivered to',
    )
    .optional(),
});

export const adminOrderLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  discountPrice: z.number().int(),
});

/** The owner's finding on an advance: received, refused (a reason the shopper reads) or waived (a note). */
export const ADVANCE_ACTIONS = ['received', 'refused', 'waived'] as const;
export const ADVANCE_NOTE_MESSAGES = {
  refused: 'Please write the reason: the shopper reads it',
  waived: 'Please write why the advance is waived: it stays in the order’s history',
} as const;
export const advanceActionSchema = z
  .object({
    action: z.enum(ADVANCE_ACTIONS, 'Please choose received, refused or waived'),
    // The shopper reads a refusal's reason in mail and on the order: plain text (text.ts).
    note: plainText(z.string('The note must be text').trim(), 'lines')
      .max(300, 'Please keep the note under 300 characters')
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'received' && v.note.length < 3) {
      ctx.addIssue({ code: 'custom', message: ADVANCE_NOTE_MESSAGES[v.action], path: ['note'] });
    }
  });
export type AdvanceActionInput = z.infer<typeof advanceActionSchema>;

export const orderEventSchema = z.object({
  /** 'state': status is the order's state; 'advance': status is the advance's state. */
  kind: z.enum(['state', 'advance', 'address']),
  status: z.string(),
  note: z.string().nullable(),
  admin: z.string().nullable(),
  at: z.string(),
});

/** The tier, the holdout draw and the reasons (each with its points) an order was placed with. */
export const adminOrderRiskSchema = z.object({
  tier: z.enum(RISK_TIERS),
  score: z.number().int(),
  holdout: z.boolean(),
  reasons: z.array(z.object({ reason: z.string(), points: z.number().int() })),
});
export type AdminOrderRisk = z.infer<typeof adminOrderRiskSchema>;

export const adminOrderSchema = z.object({
  /** The order number (TSW-10427): the admin API's key for an order. */
  number: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  address: z.string(),
  status: z.enum(ORDER_STATES),
  advance: z.object({
    state: z.enum(ADVANCE_STATES),
    utr: z.string().nullable(),
    note: z.string().nullable(),
    amount: z.number().int(),
    balance: z.number().int(),
  }),
  /** When the shopper confirmed this cash-on-delivery order from WhatsApp (docs/whatsapp.md), or null. */
  shopperConfirmedAt: z.string().nullable(),
  quantity: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  lines: z.array(adminOrderLineSchema),
  history: z.array(orderEventSchema),
  /** Given at dispatch (TSW/25-26/000123); null before (docs/product.md#invoice). */
  invoiceNumber: z.string().nullable(),
  /** Given when the invoiced order is cancelled or comes back (TSWCN/2526/00001); else null. */
  creditNoteNumber: z.string().nullable(),
  /** The parcel: courier, AWB, step, latest scan, booking (docs/product.md#shipping); null before any. */
  shipment: adminShipmentSchema.nullable(),
  /**
   * The shopper's orders placed before this one whose parcel came back (same account or same phone):
   * shown beside the advance, where the owner decides whether to trust a cash-on-delivery order.
   */
  earlierReturns: z.number().int(),
  /** The order's COD risk as placed (COD RULES, docs/decisions/059); null for orders placed before it. */
  risk: adminOrderRiskSchema.nullable(),
  /** The owner's doubt about the address and the shopper's correction (docs/product.md "A doubtful address"). */
  addressCheck: z.object({
    /** Marked doubtful and not corrected yet: packing waits. */
    doubtful: z.boolean(),
    note: z.string().nullable(),
    /** The address before the shopper corrected it through the link, and when; null before. */
    was: z.string().nullable(),
    correctedAt: z.string().nullable(),
  }),
  /** What became of the money paid: refunds recorded, the advance kept, or an advance still to settle. */
  settlement: settlementSchema,
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** One order as the owner reads it, and as each of the owner's changes answers it. */
export const adminOrderReplySchema = z.object({ order: adminOrderSchema });
export type AdminOrderReply = z.infer<typeof adminOrderReplySchema>;

export const ORDER_PAGE_SIZE = 40;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATES, 'Unknown order state').optional(),
  advance: z.enum(ADVANCE_STATES, 'Unknown advance state').optional(),
  q: z
    .string()
    .trim()
    .max(40, 'The search is too long')
    .regex(/^[0-9A-Za-z-]*$/, 'Search by an order number, a phone number or a UPI reference')
    .optional(),
  page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
  /** todo: cancelled or returned orders whose advance is still to settle (Needs you's link). */
  settle: z.enum(['todo'], 'Unknown settlement filter').optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** The shop's GSTIN (SHOP_GSTIN); null: invoices print as receipts without tax lines. */
  gstin: z.string().nullable(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/**
 * The labels of several orders in one PDF: at most a page of the orders list.
 * @alias the same number under the name the labels route reads (knip: not a duplicate)
 */
export const LABELS_MAX = ORDER_PAGE_SIZE;
export const LABELS_MESSAGE = `Choose 1 to ${LABELS_MAX} orders by their numbers, separated by commas`;
export const labelsQuerySchema = z.object({
  numbers: z
    .string(LABELS_MESSAGE)
    .max(LABELS_MAX * 26, LABELS_MESSAGE)
    .regex(/^[A-Za-z0-9-]+(,[A-Za-z0-9-]+)*$/, LABELS_MESSAGE),
});

export const statsSchema = z.object({
  totalProducts: z.number().int(),
  byCategory: z.record(z.enum(CATEGORIES), z.number().int()),
  ordersByState: z.record(z.enum(ORDER_STATES), z.number().int()),
  /** The last 30 days, oldest first, each day in India time (YYYY-MM-DD). */
  ordersPerDay: z.array(z.object({ day: z.string(), orders: z.number().int() })),
  /** What needs the owner now. */
  attention: z.object({
    /** Orders whose shopper sent a UPI reference to check. */
    advancesToCheck: z.number().int(),
    /**
     * Of those, the ones not found within UNPAID_ORDER_HOURS: they expire when the grace ends unless
     * the owner marks them (docs/product.md#unpaid-orders).
     */
    advancesUnfound: z.number().int(),
    /** Reviews waiting for the owner to publish or reject (docs/product.md#reviews). */
    reviewsToModerate: z.number().int().default(0),
    /** Orders still "ordered" whose advance is received or waived. */
    ordersToPack: z.number().int(),
    /** Orders still "ordered" that the shopper confirmed on WhatsApp (docs/whatsapp.md). */
    shopperConfirmed: z.number().int(),
    /** Exchange and problem requests waiting for the owner: to answer, or checked and to finish (after-sales/). */
    afterSalesWaiting: z.number().int(),
    /** Counted watches at or under LOW_STOCK, fewest first. */
    lowStock: z.array(z.object({ id: z.string(), name: z.string(), stockCount: z.number().int() })),
    /** False without SMTP_URL: the store keeps messages and lists them here. */
    mailConfigured: z.boolean(),
    unsentMessages: z.array(
      z.object({
        to: z.string(),
        subject: z.string(),
        createdAt: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
      }),
    ),
    unsentCount: z.number().int(),
    /** WhatsApp messages that failed for good in the last week, newest first (docs/whatsapp.md). */
    failedWhatsApp: z.array(
      z.object({
        to: z.string(),
        kind: z.string(),
        failedAt: z.string(),
        reason: z.string().nullable(),
      }),
    ),
    failedWhatsAppCount: z.number().int(),
    /** Complaints not yet marked answered, and those of them older than 48 hours (docs/product.md#contact). */
    complaintsOpen: z.number().int(),
    complaintsOverdue: z.number().int(),
    /** Parcels after a failed delivery whose choice is not sent to the courier yet (docs/product.md#failed-deliveries). */
    failedDeliveries: z.number().int(),
    /** Cancelled or returned orders whose advance is neither refunded nor kept yet (common/settlement.ts). */
    advancesToSettle: z.number().int(),
    /** WhatsApp conversations with a shopper's message not answered yet, and orders cancelled with WhatsApp's button since (issue 37). */
    inboxWaiting: z.number().int(),
    inboxCancels: z.number().int(),
  }),
  topViewed: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      image: z.string().nullable(),
      views: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof statsSchema>;
