/**
 * An order's states as one table (docs/product.md#states-and-transitions; vendure's
 * default-order-process.ts is the model): each state's labels, the moves out of it, and what being
 * in it means. Every rule about states reads this table (the packing gate, the invoice, stock,
 * mails, the shopper's History, what a shopper may still do), so a new state is a row here, one
 * mail case, one test row and, only where it shows something new, a screen.
 */
import { DELIVERY_DAYS } from './constants.ts';

/**
 * Order states: the spec's four plus cancelled (docs/product.md#better-18) and returned (a parcel that
 * came back to the shop, docs/product.md#returns-to-origin).
 */
export const ORDER_STATES = ['ordered', 'packed', 'dispatched', 'delivered', 'cancelled', 'returned'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The mails a state sends the shopper when an order enters it (notifications/order-mail.ts words them). */
export type StateMail = 'dispatched' | 'delivered' | 'cancelled' | 'returned';

export interface StateRule {
  /** What shopper and owner read. */
  label: string;
  /**
   * The states the owner may move an order to from here. The spec lets the owner set any state
   * (docs/product.md "Admin Orders"); a state left out is a move the store refuses, with `refusal`.
   */
  to: readonly OrderState[];
  /** Why a move left out of `to` is refused (shown to the owner). */
  refusal?: string;
  /** Only with the advance received or waived (the packing gate, docs/product.md#the-packing-gate). */
  needsAdvance: boolean;
  /** The watches have left the shop: the invoice is given on entering, and the shopper may read it. */
  parcelLeft: boolean;
  /** Shown under History instead of Your Orders. */
  history: boolean;
  /** Nothing more for the shopper to do: no advance to pay, no cancel link. */
  closed: boolean;
  /**
   * The order still goes out: it holds its counted stock, has a label once the advance is settled,
   * and its advance can change. Leaving such a state for one that does not returns the stock;
   * coming back takes it again.
   */
  live: boolean;
  /** The shopper's mail on entering this state, if any. */
  mail: StateMail | null;
  /**
   * An invoiced order entering this state from a live one gets a credit note for its whole invoice,
   * with this reason (CGST Rule 53; invoices/credit-notes.ts); null: none.
   */
  creditNote: 'cancelled' | 'returned' | null;
}

/** Every state but returned: only a parcel that left can come back, so only dispatched moves there. */
const NOT_RETURNED: readonly OrderState[] = ORDER_STATES.filter((s) => s !== 'returned');
const NOT_SENT = 'Only a dispatched order can be marked returned: its parcel never left.';

export const ORDER_STATE_RULES: Record<OrderState, StateRule> = {
  ordered: {
    label: 'Ordered',
    to: NOT_RETURNED,
    refusal: NOT_SENT,
    needsAdvance: false,
    parcelLeft: false,
    history: false,
    closed: false,
    live: true,
    mail: null,
    creditNote: null,
  },
  packed: {
    label: 'Packed',
    to: NOT_RETURNED,
    refusal: NOT_SENT,
    needsAdvance: true,
    parcelLeft: false,
    history: false,
    closed: false,
    live: true,
    mail: null,
    creditNote: null,
  },
  dispatched: {
    label: 'Dispatched',
    to: ORDER_STATES,
    needsAdvance: true,
    parcelLeft: true,
    history: false,
    closed: false,
    live: true,
    mail: 'dispatched',
    creditNote: null,
  },
  delivered: {
    label: 'Delivered',
    // The shopper holds the watch and the invoice stands: cancelling would put a sold watch back in
    // stock and leave an invoice without its credit note. A delivered order that comes back is a
    // return, not a cancellation (docs/product.md#states-and-transitions).
    to: ['ordered', 'packed', 'dispatched', 'delivered'],
    refusal: 'A delivered order cannot be cancelled or returned: the shopper has the watch and its invoice stands.',
    needsAdvance: true,
    parcelLeft: true,
    history: true,
    closed: true,
    live: true,
    mail: 'delivered',
    creditNote: null,
  },
  cancelled: {
    label: 'Cancelled',
    to: NOT_RETURNED,
    refusal: NOT_SENT,
    needsAdvance: false,
    parcelLeft: false,
    history: false,
    closed: true,
    live: false,
    mail: 'cancelled',
    creditNote: 'cancelled',
  },
  returned: {
    label: 'Returned',
    // Final: the watches are back in stock and the invoice is spent on its credit note; a shopper who
    // still wants the watch places a new order (docs/decisions/030-credit-notes-and-gstr1.md).
    to: ['returned'],
    refusal:
      'A returned order is finished: its watches are back in stock and its invoice has a credit note. Place a new order instead.',
    needsAdvance: true,
    // The parcel did leave: the invoice stands (credited) and the shopper reads it beside its credit note.
    parcelLeft: true,
    history: true,
    closed: true,
    live: false,
    mail: 'returned',
    creditNote: 'returned',
  },
};

export function stateRule(status: string): StateRule {
  return ORDER_STATE_RULES[status as OrderState] ?? ORDER_STATE_RULES.ordered;
}

/** Why the owner may not move an order from `from` to `to`, or null when the move is allowed. */
export function moveRefusal(from: string, to: OrderState): string | null {
  const rule = stateRule(from);
  return rule.to.includes(to)
    ? null
    : (rule.refusal ?? `An order cannot move from ${rule.label} to ${stateRule(to).label}.`);
}

/**
 * Every list of states the code reads, built from a table of rules: the one below, or a test's
 * table with a throw-away state (state-lists.test.ts checks that a new row lands in the right lists
 * and that no other file writes a list of states by hand).
 */
export function stateLists<S extends string>(rules: Record<S, StateRule>) {
  const all = Object.keys(rules) as S[];
  const where = (test: (rule: StateRule) => boolean): readonly S[] => all.filter((s) => test(rules[s]));
  return {
    /** The states in which an order still goes out (for queries that count or list live orders). */
    live: where((r) => r.live),
    /** Live states before the packing gate: with the advance settled, the owner's next step is to pack. */
    toPack: where((r) => r.live && !r.needsAdvance),
    /** Live states whose parcel has not left: a courier's first scan moves the order to dispatched. */
    beforeDispatch: where((r) => r.live && !r.parcelLeft),
    /** Live states the shopper is still waiting in: a delivery scan moves the order to delivered. */
    beforeDelivery: where((r) => r.live && !r.closed),
    /** The parcel reached the shopper and stays there: the courier collected the cash on delivery. */
    codCollected: where((r) => r.live && r.parcelLeft && r.closed),
    /** Called off before the parcel left (Money at a glance counts them). */
    cancelled: where((r) => !r.live && !r.parcelLeft),
    /** The states of an order whose parcel came back (Admin Orders counts a shopper's earlier ones). */
    returned: where((r) => r.creditNote === 'returned'),
    /** The states a shopper reads under History. */
    history: where((r) => r.history),
  };
}

const LISTS = stateLists(ORDER_STATE_RULES);
export const LIVE_STATES = LISTS.live;
export const TO_PACK_STATES = LISTS.toPack;
export const BEFORE_DISPATCH_STATES = LISTS.beforeDispatch;
export const BEFORE_DELIVERY_STATES = LISTS.beforeDelivery;
export const COD_COLLECTED_STATES = LISTS.codCollected;
export const CANCELLED_STATES = LISTS.cancelled;
export const RETURNED_STATES = LISTS.returned;
export const HISTORY_STATES = LISTS.history;

/**
 * A new order is "ordered" in the database and shown as Pending until an admin
 * sets a state (docs/product.md#your-orders-and-history: "The status is Pending until an admin sets one").
 */
export function orderStatusLabel(status: string, setByAdmin: boolean): string {
  if (!setByAdmin && status === 'ordered') return 'Pending';
  return ORDER_STATE_RULES[status as OrderState]?.label ?? 'Pending';
}

/** Estimated delivery window: order date plus 3 to plus 9 days (docs/product.md#limits-and-constants). */
export function deliveryWindow(orderedAt: string): { from: string; to: string } {
  const day = 24 * 60 * 60 * 1000;
  const t = Date.parse(orderedAt);
  return {
    from: new Date(t + DELIVERY_DAYS.min * day).toISOString(),
    to: new Date(t + DELIVERY_DAYS.max * day).toISOString(),
  };
}
