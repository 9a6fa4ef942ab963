/**
 * Pay in full now (issue 35 item 3; docs/product.md "Pay in full"; docs/decisions/061-pay-in-full-is-the-advance.md):
 * the shopper may pay the whole order by UPI instead of an advance, for an optional discount the
 * owner sets (PAY_IN_FULL_DISCOUNT: rupees, or a percent of the order). It is no second money rule:
 * such an order's advance is its discounted total, so codMoney (advance.ts) gives nothing on
 * delivery, and the label, invoice, courier booking and statement matching follow from that.
 */

/** The owner's discount for paying in full: none, whole rupees off, or a percent of the order. */
export type PayInFullDiscount = { kind: 'rupees'; rupees: number } | { kind: 'percent'; percent: number };

export const NO_PAY_IN_FULL_DISCOUNT: PayInFullDiscount = { kind: 'rupees', rupees: 0 };

/** At most half an order off: a typo ("50" meant as percent of a ₹60 watch) never gives it away. */
const PAY_IN_FULL_MAX_PERCENT = 50;

/** "0", "100" (rupees) or "5%" (at most two decimals, at most 50%): the setting's text, or null when not one. */
export function parsePayInFullDiscount(text: string): PayInFullDiscount | null {
  const typed = text.trim();
  const percent = /^([0-9]{1,2}(?:\.[0-9]{1,2})?)\s*%$/.exec(typed);
  if (percent) {
    const value = Number(percent[1]);
    return value <= PAY_IN_FULL_MAX_PERCENT ? { kind: 'percent', percent: value } : null;
  }
  if (/^[0-9]{1,6}$/.test(typed)) return { kind: 'rupees', rupees: Number(typed) };
  return null;
}

/**
 * The discount on an order of `total` rupees paid in full, in whole rupees: the rupees set, or the
 * percent rounded down to the rupee; never more than half the order, so a paid order is never ₹0.
 */
export function payInFullDiscount(total: number, setting: PayInFullDiscount): number {
  const whole = Math.max(0, Math.floor(total));
  const asked =
    setting.kind === 'rupees' ? setting.rupees : Math.floor((whole * Math.round(setting.percent * 100)) / 10_000);
  return Math.max(0, Math.min(asked, Math.floor((whole * PAY_IN_FULL_MAX_PERCENT) / 100)));
}

/** What paying in full comes to for an order of `total` rupees: the discount and the amount to pay now. */
export function payInFullPlan(total: number, setting: PayInFullDiscount): { discount: number; payNow: number } {
  const discount = payInFullDiscount(total, setting);
  return { discount, payNow: Math.max(0, Math.floor(total)) - discount };
}
