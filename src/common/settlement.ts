/**
 * What became of the money a shopper paid for an order that did not end as a sale (issue 36 item 3;
 * docs/product.md "Every advance settled"; docs/decisions/063-every-advance-settled.md): each refund the
 * owner recorded (amount, UPI or bank reference, date, reason) and, for an advance the policy lets the
 * shop keep, the case of the policy it was kept under. Shared by the server (rules, answers, messages,
 * the credit note) and the browser (the owner's form, Your Orders, /track), so every screen and message
 * words it the same.
 */
import { type CodOrder, codPaid } from './advance.ts';
import { POLICY } from './constants.ts';
import { formatPaise } from './gst.ts';
import { formatDate } from './india-time.ts';
import { stateRule } from './orders.ts';

/**
 * The policy's cases in which the advance is kept (docs/product.md "Policy pages"): only after the parcel
 * left, when it came back because of the shopper. Consumer Protection (E-Commerce) Rules 2020, rule 4(10):
 * no cancellation charge unless the shop bears the same when it cancels; a cancellation before dispatch,
 * by either side, costs the shopper nothing, and a parcel the shop calls back is the shop's cost.
 */
export const KEEP_REASONS = ['refused-at-door', 'not-reachable'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];

/** The case as the owner picks it and the shopper reads it, in English and Hindi (the WhatsApp template). */
export const KEEP_REASON_WORDS: Record<KeepReason, { en: string; hi: string }> = {
  'refused-at-door': {
    en: 'the parcel was refused at the door, so the advance paid the courier both ways',
    hi: 'पार्सल दरवाज़े पर लेने से मना किया गया, इसलिए एडवांस से कूरियर का आने-जाने का खर्च दिया गया',
  },
  'not-reachable': {
    en: 'the courier could not reach you at the address and phone given and the parcel came back, so the advance paid the courier both ways',
    hi: 'कूरियर दिए गए पते और फ़ोन पर आप तक नहीं पहुँच सका और पार्सल वापस आया, इसलिए एडवांस से कूरियर का आने-जाने का खर्च दिया गया',
  },
};

/** Why money went back: the owner picks one (never free text: the shopper reads it in messages). */
export const REFUND_REASONS = ['cancelled', 'returned', 'problem', 'exchange', 'goodwill'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_WORDS: Record<RefundReason, { en: string; hi: string }> = {
  cancelled: { en: 'order cancelled', hi: 'ऑर्डर रद्द हुआ' },
  returned: { en: 'parcel came back to us', hi: 'पार्सल हमारे पास वापस आया' },
  problem: { en: 'wrong, damaged or faulty watch', hi: 'गलत, टूटी या खराब घड़ी' },
  exchange: { en: 'exchange settled', hi: 'बदलाव का हिसाब' },
  goodwill: { en: 'refunded by the shop', hi: 'दुकान ने लौटाया' },
};

/** A refund's reference: a UPI UTR is 12 digits, IMPS 12, NEFT 16 letters and digits. */
export const REFUND_REFERENCE_PATTERN = /^[A-Za-z0-9]{6,22}$/;
export const REFUND_REFERENCE_MESSAGE =
  'Please enter the UPI or bank reference of the refund (6 to 22 letters or digits)';

/** The order events a settlement writes (status of an 'advance' event), as the owner's history reads them. */
export const SETTLEMENT_EVENT_LABELS: Record<string, string> = { refunded: 'Refund recorded', kept: 'Advance kept' };

export interface RecordedRefund {
  amountPaise: number;
  reference: string;
  /** India date, YYYY-MM-DD. */
  paidOn: string;
  reason: RefundReason;
}

/** An order's settlement as the shopper and the owner read it. */
export interface Settlement {
  /** to-settle: a closed order holding an advance nothing was recorded for yet. */
  state: 'to-settle' | 'refunded' | 'kept';
  /** The advance the shop received (paise): what is to refund or keep. */
  advancePaise: number;
  refunds: RecordedRefund[];
  refundedPaise: number;
  /** The advance kept, with the policy's case; 0 and null when not kept. */
  keptPaise: number;
  keptReason: KeepReason | null;
}

/**
 * Whether an order's advance is still to settle: it no longer goes out (cancelled, returned), the shop
 * received its advance, and neither was it kept nor were refunds recorded up to it.
 */
export function advanceUnsettled(s: Pick<Settlement, 'advancePaise' | 'refundedPaise' | 'keptReason'>): boolean {
  return s.advancePaise > 0 && s.keptReason === null && s.refundedPaise < s.advancePaise;
}

/**
 * Whether the policy lets the shop keep an order's advance (docs/product.md "Policy pages"): only for
 * a parcel that left and came back (returned). A cancelled order, before dispatch or called back after
 * it, was cancelled by the shop or before anything was spent, and is refunded in full (rule 4(10)).
 */
export function mayKeepAdvance(status: string): boolean {
  const rule = stateRule(status);
  return rule.parcelLeft && !rule.live;
}

/**
 * What may still be refunded on an order, in paise: what the buyer paid by the one money rule
 * (common/advance.ts codPaid: the advance received, and the cash collected once delivered), less the
 * refunds recorded and an advance kept. A refund above it is refused; the owner's form starts from it.
 */
export function refundablePaise(
  order: CodOrder,
  s: Pick<Settlement, 'refundedPaise' | 'keptPaise'> | null,
): { paidPaise: number; leftPaise: number } {
  const paid = codPaid(order);
  const paidPaise = (paid.advance + paid.onDelivery) * 100;
  return { paidPaise, leftPaise: Math.max(0, paidPaise - (s?.refundedPaise ?? 0) - (s?.keptPaise ?? 0)) };
}

/**
 * The most a problem report's refund may be, in paise (docs/product.md#after-sales): the one watch's
 * price as sold (its order line), and never more than may still go back on the order (refundablePaise).
 */
export function watchRefundPaise(linePrice: number, leftPaise: number): number {
  return Math.max(0, Math.min(linePrice * 100, leftPaise));
}

/** The date as the shopper reads it: "12 Nov 2026" (an India date, kept as YYYY-MM-DD). */
const day = (isoDate: string) => formatDate(`${isoDate}T06:30:00.000Z`);

/** What the shopper reads about the money (Your Orders, /track): one sentence a line. */
export function settlementLines(s: Settlement): string[] {
  const lines = s.refunds.map(
    (r) =>
      `Refunded ${formatPaise(r.amountPaise)} on ${day(r.paidOn)} (${REFUND_REASON_WORDS[r.reason]?.en ?? r.reason}), reference ${r.reference}.`,
  );
  if (s.keptReason) {
    lines.push(`Your ${formatPaise(s.keptPaise)} advance was kept: ${KEEP_REASON_WORDS[s.keptReason].en}.`);
  } else if (s.state === 'to-settle') {
    lines.push(
      `Your ${formatPaise(s.advancePaise - s.refundedPaise)} advance: we will refund it or tell you why it is kept, within ${POLICY.refundBusinessDays} business days.`,
    );
  }
  return lines;
}
