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

/** States in which the shopper may (still) send a UPI reference. */
export function advanceOpenToShopper(state: string): boolean {
  return state === 'awaiting' || state === 'submitted' || state === 'refused';
}

/** A UPI transaction reference (UTR / RRN) is 12 digits. */
export const UTR_PATTERN = /^[0-9]{12}$/;
export const UTR_MESSAGE = 'Please enter the 12-digit UPI reference (UTR) your payment app shows';

/**
 * A total split into the advance (never more than the total) and what is paid on delivery.
 * `advance` is the order's stored advance, or the shop's setting before there is an order.
 */
export function advanceSplit(total: number, advance: number): { amount: number; balance: number } {
  const balance = Math.max(0, total - advance);
  return { amount: total - balance, balance };
}

/**
 * What the courier collects on delivery and owes the shop (rupees): the balance when the order's
 * own advance was received, the whole total when it was waived (nothing was paid before). The
 * booking's COD amount and the remittance match read this one rule.
 */
export function codDue(total: number, advance: number, advanceState: string): number {
  return advanceState === 'received' ? advanceSplit(total, advance).balance : total;
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
