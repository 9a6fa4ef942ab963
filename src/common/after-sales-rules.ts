/**
 * After-sales requests (docs/product.md#after-sales; docs/decisions/064-after-sales-requests.md):
 * "Exchange this watch" within POLICY.exchangeWindowHours of delivery and "Report a problem"
 * (wrong, damaged or faulty) within POLICY.returnWindowDays, one open request per order line.
 * Plain data and pure functions, read by the shopper's forms, the owner's queue and the server.
 */
import { POLICY } from './constants.ts';
import { lengthRule, type TextRule } from './text-rules.ts';

export const AFTER_SALES_KINDS = ['exchange', 'problem'] as const;
export type AfterSalesKind = (typeof AFTER_SALES_KINDS)[number];

export const PROBLEMS = ['wrong', 'damaged', 'faulty'] as const;
export type Problem = (typeof PROBLEMS)[number];
export const PROBLEM_LABELS: Record<Problem, string> = {
  wrong: 'Wrong watch sent',
  damaged: 'Arrived damaged',
  faulty: 'Does not work properly',
};

/**
 * The request's states, as one table: what shopper and owner read, and whether it is still open
 * (an open request holds its line: no second one until it ends).
 */
export const AFTER_SALES_STATES = {
  requested: { label: 'Waiting for the shop', open: true },
  refused: { label: 'Refused', open: false },
  approved: { label: 'Approved: send the watch back', open: true },
  received: { label: 'Received back and checked', open: true },
  failed: { label: 'Check failed', open: false },
  replacement: { label: 'Replacement ordered', open: false },
  refund: { label: 'Refund to record', open: true },
  refunded: { label: 'Refunded', open: false },
} as const satisfies Record<string, { label: string; open: boolean }>;
export type AfterSalesState = keyof typeof AFTER_SALES_STATES;
export const OPEN_AFTER_SALES_STATES = (Object.keys(AFTER_SALES_STATES) as AfterSalesState[]).filter(
  (s) => AFTER_SALES_STATES[s].open,
);

/**
 * Ends after which the watch of the line is no longer the shopper's to ask about: it came back and was
 * replaced or refunded (docs/decisions/070). No new request on that line.
 */
export const LINE_SETTLED_STATES: readonly AfterSalesState[] = ['replacement', 'refunded'];
export const LINE_SETTLED = 'This watch was already replaced or refunded: there is nothing more to ask about it.';

/** How the watch comes back: booked with the courier's return API, an AWB the owner typed, or the shopper ships it. */
export const RETURN_METHODS = ['courier', 'typed', 'self'] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

/** Photos with a problem report (and with the owner's check): at most 4, each at most 8 MB. */
export const MAX_REQUEST_PHOTOS = 4;
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

export const REASON_MIN = 10;
export const REASON_MAX = 1000;
export const OWNER_NOTE_MAX = 500;

/** Reaches the owner's screen, mail and WhatsApp: line breaks kept, no other control characters. */
export const REASON_RULE: TextRule = lengthRule(
  REASON_MIN,
  REASON_MAX,
  `Please tell us what is wrong or why you want to exchange (at least ${REASON_MIN} characters)`,
  `Please keep it under ${REASON_MAX} characters`,
  { plain: 'lines' },
);

const HOUR = 3_600_000;

/** When each kind of request closes for a line delivered at `deliveredAt` (ISO). */
export function afterSalesWindows(deliveredAt: string): Record<AfterSalesKind, string> {
  const at = Date.parse(deliveredAt);
  return {
    exchange: new Date(at + POLICY.exchangeWindowHours * HOUR).toISOString(),
    problem: new Date(at + POLICY.returnWindowDays * 24 * HOUR).toISOString(),
  };
}

/** Why a kind of request may not be asked now, or null when it may. */
export function windowClosedReason(kind: AfterSalesKind, deliveredAt: string | null, now = Date.now()): string | null {
  if (!deliveredAt) return 'You can ask once the watch is delivered.';
  if (now < Date.parse(afterSalesWindows(deliveredAt)[kind])) return null;
  return kind === 'exchange'
    ? `Exchanges are asked within ${POLICY.exchangeWindowHours} hours of delivery, and that time has passed.`
    : `Problems are reported within ${POLICY.returnWindowDays} days of delivery, and that time has passed.`;
}

/**
 * What an exchange costs the shopper: the price difference (never negative: a cheaper watch is
 * not refunded, exchange only) and the courier both ways. `due` is what the replacement order's
 * advance asks before it leaves.
 */
export function exchangeMoney(paidPrice: number, wantedPrice: number, courierEachWay: number) {
  const difference = Math.max(0, wantedPrice - paidPrice);
  const courier = courierEachWay * 2;
  return { difference, courier, due: difference + courier };
}

export function formatRequestNumber(value: number): string {
  return `AS-${String(value).padStart(6, '0')}`;
}
export const REQUEST_NUMBER_PATTERN = /^AS-[0-9]{6,12}$/;

/** The return parcel's steps (the courier's ShipmentStep names), as shopper and owner read them. */
export const RETURN_STEPS = ['booked', 'picked_up', 'in_transit', 'delivered'] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];
export const RETURN_STEP_LABELS: Record<ReturnStep, string> = {
  booked: 'Return booked: the courier will pick it up',
  picked_up: 'Picked up by the courier',
  in_transit: 'On its way back to the shop',
  delivered: 'Back at the shop',
};

/** The shopper's forms as plain data (checked in the browser without zod, and by the server's schema). */
export const AFTER_SALES_FORM_RULES = { reason: REASON_RULE };
