/**
 * COD RULES (issue 35 items 2 and 5; common/cod-rules.ts): the rule set the owner saves, and the
 * report per tier and holdout. Whole numbers only: weights are points, advances rupees or percent.
 */
import { z } from 'zod';
import { HOLDOUT_MAX, RISK_SIGNALS, RISK_TIERS, rulesRefusal, WEIGHT_LIMIT } from '../cod-rules.ts';

const whole = (min: number, max: number, what: string) =>
  z
    .number(`${what} must be a whole number`)
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

export const tierAdvanceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('rupees'), amount: whole(1, 100_000, 'The advance') }),
  z.object({ kind: z.literal('percent'), percent: whole(1, 100, 'The percent') }),
  z.object({ kind: z.literal('prepaid') }),
]);

export const codRulesSchema = z
  .object({
    weights: z.object(
      Object.fromEntries(RISK_SIGNALS.map((s) => [s, whole(-WEIGHT_LIMIT, WEIGHT_LIMIT, 'A weight')])) as Record<
        (typeof RISK_SIGNALS)[number],
        ReturnType<typeof whole>
      >,
    ),
    thresholds: z.object({
      medium: whole(1, 1000, 'The medium-risk score'),
      high: whole(1, 1000, 'The high-risk score'),
    }),
    advances: z.object({ low: tierAdvanceSchema, medium: tierAdvanceSchema, high: tierAdvanceSchema }),
    holdoutPercent: whole(0, HOLDOUT_MAX, 'The holdout'),
    freightPerReturn: whole(0, 10_000, 'The freight per return'),
  })
  .superRefine((rules, ctx) => {
    const refusal = rulesRefusal(rules);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['advances'] });
  });

export const codRulesReplySchema = z.object({
  rules: codRulesSchema,
  /** When the owner saved them; null: the defaults, never saved. */
  savedAt: z.string().nullable(),
  /** The shop's COD_ADVANCE: what "default" means. */
  defaultAdvance: z.number().int(),
});
export type CodRulesReply = z.infer<typeof codRulesReplySchema>;

const groupSchema = z.object({
  /** low | medium | high under the rules, or the holdout (all tiers, the plain default advance). */
  group: z.enum([...RISK_TIERS, 'holdout']),
  orders: z.number().int(),
  delivered: z.number().int(),
  returned: z.number().int(),
  /** returned / (delivered + returned) and its 95% Wilson interval; null: too few finished orders. */
  returnRate: z.number().nullable(),
  rateLow: z.number().nullable(),
  rateHigh: z.number().nullable(),
  /** Returns × freight per return (rupees). */
  lostRupees: z.number().int(),
});

export const codRulesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  freightPerReturn: z.number().int(),
  groups: z.array(groupSchema),
  /**
   * The rules' orders' returns against the holdout's rate, in rupees: (holdout rate − rules rate) ×
   * the rules' finished orders × freight; null with too few finished orders on either side.
   */
  savedRupees: z.number().int().nullable(),
  /** The holdout's rate and the rules' rate, for the sentence under the figure. */
  holdoutRate: z.number().nullable(),
  rulesRate: z.number().nullable(),
  /** Per week (Monday, India time): finished and returned under the rules and in the holdout. */
  weeks: z.array(
    z.object({
      week: z.string(),
      rulesFinished: z.number().int(),
      rulesReturned: z.number().int(),
      holdoutFinished: z.number().int(),
      holdoutReturned: z.number().int(),
    }),
  ),
});
export type CodRulesReport = z.infer<typeof codRulesReportSchema>;
export type ReportGroup = z.infer<typeof groupSchema>;
