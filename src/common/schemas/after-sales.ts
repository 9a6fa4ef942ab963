/** After-sales requests as the shopper and the owner read and send them (docs/product.md#after-sales). */
import { z } from 'zod';
import {
  AFTER_SALES_KINDS,
  AFTER_SALES_STATES,
  type AfterSalesState,
  MAX_REQUEST_PHOTOS,
  OWNER_NOTE_MAX,
  PROBLEMS,
  REASON_RULE,
  REQUEST_NUMBER_PATTERN,
  RETURN_METHODS,
  RETURN_STEPS,
} from '../after-sales-rules.ts';
import { IMAGE_ID_PATTERN } from '../media.ts';
import { productIdSchema } from './cart.ts';
import { plainText, textSchema } from './from-rules.ts';
import { refundInputSchema, settlementSchema } from './settlement.ts';

const STATES = Object.keys(AFTER_SALES_STATES) as [AfterSalesState, ...AfterSalesState[]];
const PHOTO_MESSAGE = 'Please attach the photos again';

const photosSchema = z
  .array(z.string(PHOTO_MESSAGE).regex(IMAGE_ID_PATTERN, PHOTO_MESSAGE), PHOTO_MESSAGE)
  .max(MAX_REQUEST_PHOTOS, `Please attach at most ${MAX_REQUEST_PHOTOS} photos`)
  .default([]);

/** What the shopper sends: an exchange names the watch wanted, a problem its kind and maybe photos. */
export const afterSalesRequestInputSchema = z
  .object({
    lineNo: z.number('Please choose the watch').int().min(1).max(50),
    kind: z.enum(AFTER_SALES_KINDS, 'Please choose exchange or problem'),
    problem: z.enum(PROBLEMS, 'Please say what is wrong: wrong, damaged or faulty').optional(),
    reason: textSchema(REASON_RULE),
    wantedProductId: productIdSchema.optional(),
    photos: photosSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'exchange' && !v.wantedProductId) {
      ctx.addIssue({ code: 'custom', path: ['wantedProductId'], message: 'Please choose the watch you want instead' });
    }
    if (v.kind === 'problem' && !v.problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['problem'],
        message: 'Please say what is wrong: wrong, damaged or faulty',
      });
    }
    if (v.kind === 'exchange' && v.photos.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['photos'], message: 'Photos go with a problem report' });
    }
  });
export type AfterSalesRequestInput = z.input<typeof afterSalesRequestInputSchema>;

export const photoUploadReplySchema = z.object({ photos: z.array(z.string()) });
export type PhotoUploadReply = z.infer<typeof photoUploadReplySchema>;

/** A request as the shopper reads it on the order. */
export const shopperRequestSchema = z.object({
  number: z.string(),
  kind: z.enum(AFTER_SALES_KINDS),
  problem: z.enum(PROBLEMS).nullable(),
  state: z.enum(STATES),
  stateLabel: z.string(),
  reason: z.string(),
  wantedName: z.string().nullable(),
  /** What the shop said when it refused or approved, for the shopper to read. */
  ownerNote: z.string().nullable(),
  returnMethod: z.enum(RETURN_METHODS).nullable(),
  returnCourier: z.string().nullable(),
  returnAwb: z.string().nullable(),
  returnStep: z.enum(RETURN_STEPS).nullable(),
  /** The replacement order's number, once made. */
  replacementNumber: z.string().nullable(),
  photos: z.array(z.string()),
  createdAt: z.string(),
});
export type ShopperRequest = z.infer<typeof shopperRequestSchema>;

/** GET /orders/:orderNumber/after-sales: the windows, each line's request, and the exchange's courier charge. */
export const orderAfterSalesSchema = z.object({
  deliveredAt: z.string().nullable(),
  /** When each kind closes (ISO), null before delivery. */
  until: z.object({ exchange: z.string().nullable(), problem: z.string().nullable() }),
  /** Why each kind may not be asked now (the window), or null. */
  closed: z.object({ exchange: z.string().nullable(), problem: z.string().nullable() }),
  courierEachWay: z.number().int(),
  /** The shop's return address, for a parcel the shopper sends. */
  returnAddress: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      productId: z.string(),
      name: z.string(),
      price: z.number().int(),
      /** The open request, else the latest ended one, else null. */
      request: shopperRequestSchema.nullable(),
    }),
  ),
});
export type OrderAfterSales = z.infer<typeof orderAfterSalesSchema>;

export const requestNumberParamsSchema = z.object({
  requestNumber: z.string().regex(REQUEST_NUMBER_PATTERN, 'We could not find this request'),
});

export const AFTER_SALES_VIEWS = ['open', 'all'] as const;
export const afterSalesListQuerySchema = z.object({
  view: z.enum(AFTER_SALES_VIEWS, 'Please choose open or all').default('open'),
  page: z.coerce.number('Please give a page number').int().min(1).max(100_000).default(1),
});

export const adminRequestSchema = shopperRequestSchema.extend({
  orderNumber: z.string(),
  buyerName: z.string(),
  phone: z.string(),
  lineName: z.string(),
  linePrice: z.number().int(),
  wantedPrice: z.number().int().nullable(),
  /** Exchange: the difference and the courier both ways the replacement's advance asks. */
  due: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  checkPassed: z.boolean().nullable(),
  checkNote: z.string().nullable(),
  checkPhotos: z.array(z.string()),
  /** The courier can book the return through its API (Shiprocket's return orders). */
  courierReturns: z.boolean(),
  /** What became of the order's money (refunds recorded with their references), as the shopper reads it. */
  settlement: settlementSchema,
  /**
   * A problem report's refund (docs/product.md#after-sales): what the buyer paid for the order, and the
   * most this watch's refund may be (its price, within what may still go back); null for an exchange.
   */
  refund: z.object({ paidPaise: z.number().int(), maxPaise: z.number().int() }).nullable(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const afterSalesPageSchema = z.object({
  items: z.array(adminRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  openCount: z.number().int(),
});
export type AfterSalesPage = z.infer<typeof afterSalesPageSchema>;

export const adminRequestReplySchema = z.object({ request: adminRequestSchema });
export type AdminRequestReply = z.infer<typeof adminRequestReplySchema>;

const ownerNote = (required: string | null) => {
  const base = plainText(z.string('The note must be text').trim(), 'lines').max(
    OWNER_NOTE_MAX,
    `Please keep it under ${OWNER_NOTE_MAX} characters`,
  );
  return required ? base.min(3, required) : base.default('');
};

const AWB_MESSAGE = 'Please type the return AWB as the courier gave it (letters and digits)';

/** Approve (with how the watch comes back) or refuse (with the reason the shopper reads). */
export const decideRequestSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('refuse'), note: ownerNote('Please write the reason the shopper will read') }),
    z.object({
      decision: z.literal('approve'),
      note: ownerNote(null),
      returnMethod: z.enum(RETURN_METHODS, 'Please choose how the watch comes back'),
      returnCourier: plainText(z.string().trim(), 'line').max(60).default(''),
      returnAwb: z
        .string(AWB_MESSAGE)
        .trim()
        .regex(/^(|[A-Za-z0-9-]{4,40})$/, AWB_MESSAGE)
        .default(''),
    }),
  ],
  'Please choose approve or refuse',
);
export type DecideRequestInput = z.input<typeof decideRequestSchema>;

/** The return parcel's step, moved by hand (a manual AWB or the shopper's own parcel). */
export const returnStepSchema = z.object({ step: z.enum(RETURN_STEPS, 'Please choose a step') });
export type ReturnStepInput = z.input<typeof returnStepSchema>;

/** "Received back and checked": pass or fail, a note and photos. */
export const checkRequestSchema = z.object({
  passed: z.boolean('Please say whether the check passed'),
  note: ownerNote(null),
  photos: photosSchema,
});
export type CheckRequestInput = z.input<typeof checkRequestSchema>;

/** A checked problem report ends in a replacement or a refund; a checked exchange in its replacement. */
export const finishRequestSchema = z.object({
  outcome: z.enum(['replacement', 'refund'], 'Please choose replacement or refund'),
});
export type FinishRequestInput = z.input<typeof finishRequestSchema>;

/** A problem report's refund as the owner paid it: amount, UPI or bank reference, date (the reason is the problem). */
export const requestRefundSchema = refundInputSchema.omit({ reason: true });
export type RequestRefundInput = z.input<typeof requestRefundSchema>;
