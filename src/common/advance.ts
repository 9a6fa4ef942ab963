/**
 * The advance of a cash-on-delivery order (₹300 by default; docs/product.md "Cash on
 * delivery"; docs/decisions/013-cod-advance.md): its states, the UPI reference
 * a shopper types, the UPI payment link and what is left to pay on delivery.
 * Shared by the server (rules, answers, mails) and the browser (labels, form).
 *
 * The amount is the shop's setting (COD_ADVANCE) for what is offered before an order
 * exists, and the order's own stored amount (`orders.advance_amount`) for everything
 * about an order: a later change of the setting never rewrites a past order's
 * invoice, label, UPI link or balance (docs/decisions/024-advance-on-the-order.md).
 * So every function here takes the amount; none reads a global.
 */

import { ORDER_STATE_RULES, type OrderState } from './orders.ts';

/**
 * awaiting: nothing paid yet; submitted: the shopper typed a UPI reference the
 * owner has still to find in the bank account; received / refused: the owner's
 * finding; waived: the owner packs without it, with a note.
 */
export const ADVANCE_STATES = ['awaiting', 'submitted', 'received', 'refused', 'waived'] as const;
export type AdvanceState = (typeof ADVANCE_STATES)[number];

/** What the shopper reads about the advance. */
export const ADVANCE_LABELS: Record<AdvanceState, string> = {
  awaiting: 'Advance: not paid yet',
  submitted: 'Advance: checking',
  received: 'Advance: received',
  refused: 'Advance: not found',
  waived: 'Advance: not needed',
};

/** What the owner reads about the advance (Admin Orders, its filter). */
export const ADVANCE_ADMIN_LABELS: Record<AdvanceState, string> = {
  awaiting: 'Awaiting advance',
  submitted: 'UTR submitted',
  received: 'Advance received',
  refused: 'Advance refused',
  waived: 'Advance waived',
};

/**
 * Unpaid means not proven (issue 34 item 2): nothing sent (awaiting), a reference sent that the
 * owner has not found yet (submitted: anyone can type 12 digits), or one that was not found
 * (refused). Such orders count toward the cap on open unpaid orders and expire (orders/unpaid.ts).
 */
export const UNPAID_ADVANCE_STATES: readonly AdvanceState[] = ['awaiting', 'submitted', 'refused'];

/**
 * Unpaid with no reference left for the owner to check: these are reminded to pay and expire after
 * UNPAID_ORDER_HOURS; a submitted one gets UNPAID_UTR_GRACE_HOURS more for the owner to find it.
 */
export const UNPAID_NOTHING_SENT_STATES: readonly AdvanceState[] = ['awaiting', 'refused'];

/** States in which the order may be packed and sent (the packing gate). */
export function advanceSettled(state: string): boolean {
  return state === 'received' || state === 'waived';
}

/** States in which the shopper may (still) send a UPI reference: the advance is still to pay. */
export const ADVANCE_OPEN_STATES: readonly AdvanceState[] = ['awaiting', 'submitted', 'refused'];
export function advanceOpenToShopper(state: string): boolean {
  return (ADVANCE_OPEN_STATES as readonly string[]).includes(state);
}

/** A UPI transaction reference (UTR / RRN) is 12 digits. */
export const UTR_PATTERN = /^[0-9]{12}$/;
export const UTR_MESSAGE = 'Please enter the 12-digit UPI reference (UTR) your payment app shows';
/**
 * The UPI reference form's id (web useForm's) where a page has one form only (the advance link):
 * the key of the refusal the server embeds when the form was posted without the script.
 */
export const UTR_FORM_ID = 'advance-utr';
/** The advance link's other form, "pay the whole order instead" (common/pay-in-full.ts). */
export const PAY_IN_FULL_FORM_ID = 'advance-pay-in-full';

/** The reference as typed, without the spaces apps group it with ("4123 4567 8901"). */
export const utrTyped = (typed: string): string => typed.replace(/\s+/g, '');

/** The order's figures the money rule reads (rupees; its own stored advance, never today's setting). */
export interface CodOrder {
  total: number;
  /** `orders.advance_amount`: the advance the order was placed with. */
  advanceAmount: number;
  advanceState: string;
  /** The order's state (common/orders.ts): a cancelled or returned order collects nothing. */
  status: string;
}

/** What an order's cash on delivery comes to, in whole rupees: the one rule (codMoney). */
export interface CodMoney {
  /** The advance the order asks before packing: its own, never more than its total; 0 once waived. */
  advance: number;
  /** What the shop holds before delivery: the advance once the owner marked it received. */
  received: number;
  /** Still to pay before packing: the advance while it is awaited, being checked or refused. */
  dueNow: number;
  /**
   * What the courier collects on delivery: the total less the advance (paid, or to be paid before
   * packing); the whole total when the advance was waived or none was asked; nothing for an order
   * that no longer goes out (cancelled, returned).
   */
  onDelivery: number;
}

/**
 * THE money-on-delivery rule (docs/product.md "Cash on delivery"; docs/decisions/046-one-cod-rule.md):
 * every label, invoice, courier booking, remittance match, mail, WhatsApp message, Admin Orders row,
 * Your Orders card, /track answer and Money at a glance figure reads it, and its SQL form
 * (server/money/cod-money.ts) is tested against it state by state. A waived advance was never
 * paid, so the courier collects the whole total; every screen and message says the same.
 */
export function codMoney(order: CodOrder): CodMoney {
  const total = Math.max(0, order.total);
  const stored = Math.min(Math.max(0, order.advanceAmount), total);
  const waived = order.advanceState === 'waived';
  const advance = waived ? 0 : stored;
  const received = order.advanceState === 'received' ? advance : 0;
  const goesOut = ORDER_STATE_RULES[order.status as OrderState]?.live ?? true;
  const dueNow = goesOut && advanceOpenToShopper(order.advanceState) ? advance : 0;
  return { advance, received, dueNow, onDelivery: goesOut ? total - advance : 0 };
}

/**
 * What the buyer has paid the shop for an order, by the same rule (issue 36 item 3): the advance the
 * owner marked received, and the cash the courier collected once the parcel was delivered and stayed
 * (an order cancelled or come back collected none). The credit note prints it apart from its value (the
 * invoice reversed): a returned COD order's buyer paid ₹300, never the invoice's ₹4,999.
 */
export function codPaid(order: CodOrder): { advance: number; onDelivery: number } {
  const money = codMoney(order);
  const rule = ORDER_STATE_RULES[order.status as OrderState];
  const collected = rule?.live === true && rule.parcelLeft && rule.closed;
  return { advance: money.received, onDelivery: collected ? money.onDelivery : 0 };
}

/**
 * The cash the shopper keeps ready for the courier (Your Orders, /track): what the courier collects,
 * while the order is still open (docs/product.md "Your Orders"); null once delivered, cancelled or
 * returned, or when nothing is left to pay.
 */
export function cashToKeepReady(status: string, money: CodMoney): number | null {
  const closed = ORDER_STATE_RULES[status as OrderState]?.closed ?? false;
  return closed || money.onDelivery <= 0 ? null : money.onDelivery;
}

/**
 * The same rule for an order not yet placed (product page, cart, checkout): the shop's setting as
 * the advance of an order about to be placed.
 */
export function codPlan(total: number, advanceSetting: number): CodMoney {
  return codMoney({
    total,
    advanceAmount: advanceSetting,
    advanceState: advanceSetting > 0 ? 'awaiting' : 'waived',
    status: 'ordered',
  });
}

/**
 * The UPI intent link of NPCI's UPI linking specification: a phone opens its UPI
 * app at a payment of the advance to the shop, with the order number as the
 * note and the reference. Values are percent-encoded (spaces as %20, which UPI
 * apps read; some do not read "+"), except the "@" of the payee address: the
 * specification's own samples write it as it is (NPCI, "UPI Linking Specifications"
 * 1.6, section 2.1 Hyperlink: `upi://pay?pa=nadeem@npci&pn=nadeem%20chinna&…`), some UPI
 * apps do not decode `%40`, and "@" is allowed in a URI's query as it stands (RFC 3986
 * section 3.4). Every other character of every value stays encoded.
 */
export function upiPayLink(upi: { id: string; name: string }, orderNumber: string, amount: number): string {
  const params: Array<[string, string]> = [
    ['pa', upi.id],
    ['pn', upi.name],
    ['am', amount.toFixed(2)],
    ['cu', 'INR'],
    ['tn', orderNumber],
    ['tr', orderNumber],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${upiValue(k, v)}`).join('&')}`;
}

/** One value of the link: percent-encoded, the payee address keeping its "@" (see upiPayLink). */
function upiValue(key: string, value: string): string {
  const encoded = encodeURIComponent(value);
  return key === 'pa' ? encoded.replaceAll('%40', '@') : encoded;
}

/** What a page's description says of the advance: the shop's setting, or that there is none. */
export function codOfferText(advance: number): string {
  return advance > 0
    ? `Cash on delivery across India with only ₹${advance} advance.`
    : 'Cash on delivery across India, nothing to pay in advance.';
}

/** The WhatsApp message offered instead of a UPI link when the shop has no UPI id. */
export function advanceWhatsappText(orderNumber: string, amount: number): string {
  return `Hello! I placed order ${orderNumber} and want to pay the ₹${amount} advance. How can I pay?`;
}

/** A merchant UPI id: handle@bank (NPCI: letters, digits, dot, hyphen, underscore before the @). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
