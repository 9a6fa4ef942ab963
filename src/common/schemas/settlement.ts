/** The owner's settlement of an order (common/settlement.ts): a refund recorded, an advance kept. */
import { z } from 'zod';
import { KEEP_REASONS, REFUND_REASONS, REFUND_REFERENCE_MESSAGE, REFUND_REFERENCE_PATTERN } from '../settlement.ts';

export const REFUND_AMOUNT_MESSAGE = 'Please enter the amount refunded in rupees, such as 300 or 4999.50';
export const REFUND_DATE_MESSAGE = 'Please enter the date the refund was paid';
export const REFUND_REASON_MESSAGE = 'Please choose why the money went back';
export const KEEP_REASON_MESSAGE = 'Please choose the policy’s case the advance is kept under';

/** Rupees with at most two decimals, as typed ("300", "4999.50"), to whole paise. */
const rupeesToPaise = z
  .string(REFUND_AMOUNT_MESSAGE)
  .trim()
  .regex(/^[0-9]{1,8}(\.[0-9]{1,2})?$/, REFUND_AMOUNT_MESSAGE)
  .transform((typed) => {
    const [whole, fraction = ''] = typed.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine((paise) => paise > 0, REFUND_AMOUNT_MESSAGE);

export const refundInputSchema = z.object({
  amount: rupeesToPaise,
  reference: z.string(REFUND_REFERENCE_MESSAGE).trim().regex(REFUND_REFERENCE_PATTERN, REFUND_REFERENCE_MESSAGE),
  /** The India date it was paid, as a date field sends it. */
  paidOn: z
    .string(REFUND_DATE_MESSAGE)
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, REFUND_DATE_MESSAGE)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), REFUND_DATE_MESSAGE),
  reason: z.enum(REFUND_REASONS, REFUND_REASON_MESSAGE),
});
export type RefundInput = z.output<typeof refundInputSchema>;

export const keepInputSchema = z.object({ reason: z.enum(KEEP_REASONS, KEEP_REASON_MESSAGE) });
export type KeepInput = z.output<typeof keepInputSchema>;

/** An order's settlement in an answer (the owner's and the shopper's), or null. */
export const settlementSchema = z
  .object({
    state: z.enum(['to-settle', 'refunded', 'kept']),
    advancePaise: z.number().int(),
    refunds: z.array(
      z.object({
        amountPaise: z.number().int(),
        reference: z.string(),
        paidOn: z.string(),
        reason: z.enum(REFUND_REASONS),
      }),
    ),
    refundedPaise: z.number().int(),
    keptPaise: z.number().int(),
    keptReason: z.enum(KEEP_REASONS).nullable(),
  })
  .nullable();
