/**
 * A shipment's steps as one table (docs/product.md#shipping), the way ORDER_STATE_RULES holds the
 * order's states (common/orders.ts): each step's words for shopper and owner, its rank (a step
 * never moves back to a lower rank: a late "in transit" after "delivered" stays in the history
 * only), the order state it brings the order to, and the mail the shopper gets on reaching it.
 * Whatever a courier calls its statuses, it maps them onto these steps (server/shipping/).
 */
import {
  BEFORE_DELIVERY_STATES,
  BEFORE_DISPATCH_STATES,
  ORDER_STATE_RULES,
  type OrderState,
  orderStatusLabel,
} from './orders.ts';

export const SHIPMENT_STEPS = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  'delivered',
  'cancelled',
] as const;
export type ShipmentStepName = (typeof SHIPMENT_STEPS)[number];

/** The shopper's mails on reaching a step (server/notifications/shipment-mail.ts words them). */
export type StepMail = 'picked-up' | 'out-for-delivery' | 'delivery-failed' | 'delivered';

export interface StepRule {
  /** What the shopper reads (Your Orders, /track). */
  label: string;
  /** What the owner reads (Admin Orders): the same, or more. */
  ownerLabel: string;
  /**
   * Steps only move up. Equal ranks may follow each other in time: a re-attempt goes out for
   * delivery again after a failed one, and a later scan of the same step is the latest scan.
   */
  rank: number;
  /**
   * The order state reaching this step brings the order to, and the states it brings it from: the
   * order moves forward only, so a cancelled or already delivered order is never moved by a scan.
   */
  order: { to: OrderState; from: readonly OrderState[] } | null;
  /** The shopper's mail, if any. */
  mail: StepMail | null;
  /** The parcel still travels to the shopper (the failed-deliveries queue and /track read it). */
  onTheWay: boolean;
  /** The parcel is on its way back to the shop (return to origin): its order is settled by the owner's check. */
  comingBack: boolean;
}

const TO_DISPATCHED = { to: 'dispatched', from: BEFORE_DISPATCH_STATES } as const;

export const SHIPMENT_STEP_RULES: Record<ShipmentStepName, StepRule> = {
  booked: {
    label: 'Handed to the courier soon',
    ownerLabel: 'Booked, waiting for pickup',
    rank: 0,
    order: null,
    mail: null,
    onTheWay: true,
    comingBack: false,
  },
  picked_up: {
    label: 'Picked up by the courier',
    ownerLabel: 'Picked up',
    rank: 2,
    order: TO_DISPATCHED,
    mail: 'picked-up',
    onTheWay: true,
    comingBack: false,
  },
  in_transit: {
    label: 'On the way',
    ownerLabel: 'In transit',
    rank: 3,
    order: TO_DISPATCHED,
    mail: null,
    onTheWay: true,
    comingBack: false,
  },
  out_for_delivery: {
    label: 'Out for delivery today',
    ownerLabel: 'Out for delivery',
    rank: 4,
    order: TO_DISPATCHED,
    mail: 'out-for-delivery',
    onTheWay: true,
    comingBack: false,
  },
  undelivered: {
    label: 'Delivery attempt failed',
    ownerLabel: 'Failed delivery',
    // The same rank as out for delivery: the courier tries again, and each try is a new latest scan.
    rank: 4,
    order: TO_DISPATCHED,
    mail: 'delivery-failed',
    onTheWay: true,
    comingBack: false,
  },
  rto_initiated: {
    label: 'Returning to the shop',
    ownerLabel: 'Return to origin started',
    rank: 5,
    order: null,
    mail: null,
    onTheWay: false,
    comingBack: true,
  },
  rto_delivered: {
    label: 'Returned to the shop',
    ownerLabel: 'Back at the shop (return to origin)',
    rank: 6,
    order: null,
    mail: null,
    onTheWay: false,
    comingBack: true,
  },
  delivered: {
    label: 'Delivered',
    ownerLabel: 'Delivered',
    // Above the return steps: a parcel on its way back that the shopper takes after all is delivered.
    rank: 7,
    order: { to: 'delivered', from: BEFORE_DELIVERY_STATES },
    mail: 'delivered',
    onTheWay: false,
    comingBack: false,
  },
  cancelled: {
    label: 'Courier booking cancelled',
    ownerLabel: 'Booking cancelled',
    // Above booked only: a parcel already moving is not "cancelled" by a late message.
    rank: 1,
    order: null,
    mail: null,
    onTheWay: false,
    comingBack: false,
  },
};

export function stepRule(step: string): StepRule {
  return SHIPMENT_STEP_RULES[step as ShipmentStepName] ?? SHIPMENT_STEP_RULES.booked;
}

export function isShipmentStep(step: string): step is ShipmentStepName {
  return (SHIPMENT_STEPS as readonly string[]).includes(step);
}

/**
 * Whether an event of step `next` at `nextAt` becomes the shipment's step and latest scan, given
 * the current step and scan time: a higher rank always; the same rank only when not older.
 */
export function stepMovesForward(current: string, currentAt: string | null, next: string, nextAt: string): boolean {
  const from = stepRule(current).rank;
  const to = stepRule(next).rank;
  if (to !== from) return to > from;
  return currentAt === null || nextAt >= currentAt;
}

const expectedFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

/** "Thu, 3 Dec" for an India day written YYYY-MM-DD (noon IST, so no zone moves it a day). */
export function formatExpectedDay(day: string): string {
  return expectedFormat.format(new Date(`${day}T12:00:00+05:30`));
}

/** The pincode check's words (docs/product.md#shipping): the product page, the checkout and a refused order say these. */
export function deliveryCheckMessage(check: {
  pincode: string;
  served: boolean;
  cod: boolean;
  expectedBy: string | null;
}): string {
  if (!check.served) return `We do not deliver to ${check.pincode} yet`;
  // Every order is cash on delivery (with its advance): a pincode without it cannot be ordered to.
  if (!check.cod) return `Cash on delivery is not available at ${check.pincode}`;
  const by = check.expectedBy ? `Delivery by ${formatExpectedDay(check.expectedBy)}` : 'We deliver here';
  return `${by} · cash on delivery available`;
}

/**
 * The shopper's badge (Your Orders, /track): the order's state, or the parcel's way back while it is
 * coming back and the order still goes out; a walk found "Dispatched" above "Returned to the shop".
 */
export function shopperStatusLabel(status: string, setByAdmin: boolean, step: string | null | undefined): string {
  const live = ORDER_STATE_RULES[status as OrderState]?.live ?? false;
  return live && step && isShipmentStep(step) && stepRule(step).comingBack
    ? stepRule(step).label
    : orderStatusLabel(status, setByAdmin);
}

/**
 * A failed attempt waits for the shopper's choice (a new day, or cancel: shipping/delivery-choices.ts)
 * while the parcel's latest step is a failed attempt and the order still goes out; Your Orders and
 * /track then offer the choice, as the message's link does (issue 34 item 11).
 */
export function awaitingChoice(status: string, step: string | null | undefined): boolean {
  return step === 'undelivered' && (ORDER_STATE_RULES[status as OrderState]?.live ?? false);
}
