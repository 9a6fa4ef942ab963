/**
 * COD RULES (issue 35 items 1, 2, 5; docs/product.md "Cash on delivery"; docs/decisions/059-cod-risk-tiers.md):
 * the signals an order is scored on, the weights the owner sets, the tiers a score falls in and the
 * advance each tier asks. Shared by the server (placing an order, the report) and the COD RULES
 * screen (what it lists, what it refuses before sending). Plain data and pure functions.
 *
 * The score is a sum of points, one line per signal that fired, so the owner can read why an order
 * is where it is; the shopper never reads the score, only the advance asked and a plain sentence.
 */

/** The signals, in the order the owner reads them. */
export const RISK_SIGNALS = [
  'returned_before',
  'unpaid_before',
  'failed_attempts',
  'delivered_before',
  'first_order',
  'phone_not_proven',
  'pincode_returns',
  'district_returns',
  'no_house_number',
  'no_landmark',
  'pincode_mismatch',
  'random_text',
  'shared_address',
  'high_value',
] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

/** Signals counted per earlier order score their weight once per order, up to this many. */
export const COUNTED_SIGNAL_CAP = 3;

export interface SignalInfo {
  /** What the COD RULES screen calls it. */
  title: string;
  /** Counted per earlier order (weight × count, up to COUNTED_SIGNAL_CAP), or once. */
  counted: boolean;
  /** The points it starts with; negative lowers the score (a good history). */
  weight: number;
}

export const SIGNAL_INFO: Record<RiskSignal, SignalInfo> = {
  returned_before: { title: 'Earlier order came back (each)', counted: true, weight: 25 },
  unpaid_before: { title: 'Earlier order cancelled without its advance (each)', counted: true, weight: 10 },
  failed_attempts: { title: 'Failed delivery attempt on an earlier order (each)', counted: true, weight: 5 },
  delivered_before: { title: 'Earlier order delivered (each)', counted: true, weight: -5 },
  first_order: { title: 'First order at this shop', counted: false, weight: 5 },
  phone_not_proven: { title: 'Phone not proven on WhatsApp', counted: false, weight: 5 },
  pincode_returns: { title: 'Pincode returns more than the shop', counted: false, weight: 15 },
  district_returns: { title: 'District returns more than the shop', counted: false, weight: 10 },
  no_house_number: { title: 'No house or flat number', counted: false, weight: 10 },
  no_landmark: { title: 'No usable landmark', counted: false, weight: 5 },
  pincode_mismatch: { title: 'Pincode does not match city or state', counted: false, weight: 15 },
  random_text: { title: 'Address looks random or repeated', counted: false, weight: 15 },
  shared_address: { title: 'Same address on 3 or more accounts', counted: false, weight: 15 },
  high_value: { title: 'Order worth 3 times the shop’s usual or more', counted: false, weight: 10 },
};

export const RISK_TIERS = ['low', 'medium', 'high'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];
export const TIER_LABELS: Record<RiskTier, string> = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };

/** What a tier asks before packing. */
export type TierAdvance =
  | { kind: 'none' }
  | { kind: 'default' }
  | { kind: 'rupees'; amount: number }
  | { kind: 'percent'; percent: number }
  | { kind: 'prepaid' };

export interface CodRules {
  weights: Record<RiskSignal, number>;
  /** A score at or above `medium` is medium, at or above `high` is high (high > medium). */
  thresholds: { medium: number; high: number };
  advances: { low: TierAdvance; medium: TierAdvance; high: TierAdvance };
  /** Percent of orders drawn at random to get the plain default advance whatever their tier. */
  holdoutPercent: number;
  /** What one return costs the shop in freight (both ways), rupees: the report's "lost" and "saved". */
  freightPerReturn: number;
}

/**
 * Until the owner saves rules on COD RULES, every tier asks the shop's own advance (COD_ADVANCE): what a
 * shopper pays is the owner's choice, never changed by an upgrade. The tiers and their reasons are
 * worked out and shown from the first order, so the report shows what each tier returns before the
 * owner asks more of the high one (the form suggests 30%: SUGGESTED_HIGH_ADVANCE).
 */
export const DEFAULT_COD_RULES: CodRules = {
  weights: Object.fromEntries(RISK_SIGNALS.map((s) => [s, SIGNAL_INFO[s].weight])) as Record<RiskSignal, number>,
  thresholds: { medium: 20, high: 40 },
  advances: { low: { kind: 'default' }, medium: { kind: 'default' }, high: { kind: 'default' } },
  holdoutPercent: 10,
  freightPerReturn: 180,
};

/** What the high tier is suggested to ask once the owner turns the tiers on (decision 059). */
export const SUGGESTED_HIGH_ADVANCE: TierAdvance = { kind: 'percent', percent: 30 };

export const WEIGHT_LIMIT = 100;
export const HOLDOUT_MAX = 50;
export const RULES_REFUSE_ALL =
  'These rules would ask every order to be paid in full before packing, which refuses cash on delivery to everyone. Let an order with no warning sign pay on delivery.';
export const THRESHOLDS_ORDER = 'The high-risk score must be above the medium-risk score.';

/**
 * Why a rule set cannot be saved, or null. Shapes and ranges are the server's schema's; this is the
 * rule across fields. Tiers rise with the score, so if an order with nothing against it (score 0)
 * were prepaid only, so would every order: cash on delivery refused to all (issue 35 item 2).
 */
export function rulesRefusal(rules: CodRules): string | null {
  if (rules.thresholds.high <= rules.thresholds.medium) return THRESHOLDS_ORDER;
  const clean = rules.advances[tierOf(0, rules)];
  if (clean.kind === 'prepaid' || (clean.kind === 'percent' && clean.percent >= 100)) return RULES_REFUSE_ALL;
  return null;
}

export function tierOf(score: number, rules: CodRules): RiskTier {
  if (score >= rules.thresholds.high) return 'high';
  if (score >= rules.thresholds.medium) return 'medium';
  return 'low';
}

/**
 * The advance (whole rupees) a tier asks of an order of `total`: never more than the total; a larger
 * advance never below the shop's default (COD_ADVANCE); "prepaid only" is the whole total, so the
 * one money rule (common/advance.ts codMoney) leaves nothing to collect on delivery.
 */
export function tierAdvanceAmount(advance: TierAdvance, total: number, defaultAdvance: number): number {
  const whole = Math.max(0, total);
  const asked = (() => {
    switch (advance.kind) {
      case 'none':
        return 0;
      case 'default':
        return defaultAdvance;
      case 'rupees':
        return Math.max(defaultAdvance, advance.amount);
      case 'percent':
        return Math.max(defaultAdvance, Math.ceil((whole * advance.percent) / 100));
      case 'prepaid':
        return whole;
    }
  })();
  return Math.min(asked, whole);
}

/** How an order's stored advance compares with what every order is asked: the shopper's sentence. */
export type AdvanceAsked = 'none' | 'default' | 'larger' | 'whole';

export function advanceAsked(advance: number, total: number, defaultAdvance: number): AdvanceAsked {
  if (advance <= 0) return 'none';
  if (advance >= total) return 'whole';
  return advance > defaultAdvance ? 'larger' : 'default';
}

/**
 * The plain sentence beside the advance asked (checkout, the advance screen): what to pay now and
 * on delivery, from the one money rule's figures; never the score or the reasons.
 */
export function advanceSentence(asked: AdvanceAsked, advance: string, onDelivery: string): string {
  switch (asked) {
    case 'none':
      return `Nothing to pay in advance: you pay ${onDelivery} on delivery.`;
    case 'default':
      return `Pay the ${advance} advance by UPI to confirm your order; you pay the remaining ${onDelivery} on delivery.`;
    case 'larger':
      return `For this order we ask a larger advance of ${advance} by UPI before we pack it; you pay the remaining ${onDelivery} on delivery.`;
    case 'whole':
      return `For this order we ask the whole ${advance} by UPI before we pack it; nothing is collected on delivery.`;
  }
}

/** One reason kept on the order: the signal, its points, and what the owner reads. */
export interface RiskReason {
  signal: RiskSignal;
  points: number;
  reason: string;
}

/**
 * The Wilson score interval of a rate (95%): honest for small counts and rates near 0, unlike
 * p ± 1.96·√(p(1−p)/n). Null without any count.
 */
export function wilsonInterval(hits: number, n: number, z = 1.96): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Below this many finished (delivered or returned) orders a group's rate is "too few orders". */
export const REPORT_MIN_FINISHED = 30;
