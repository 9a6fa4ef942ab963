/**
 * The shopper's link to choose what happens after a failed delivery (docs/product.md#failed-deliveries):
 * /delivery/<order number>/<token>, no log-in, signed over the bare order number (auth/signed-links.ts).
 * Anyone holding the link may choose for that one order, as anyone holding the parcel's AWB may
 * call the courier; it names no personal detail beyond the order number.
 */

import { linkToken, linkTokenMatches } from '../auth/signed-links.ts';
import { type Config, publicBase } from '../config.ts';

export function deliveryChoiceToken(config: Config, orderNumber: string): string {
  return linkToken(config, orderNumber);
}

/** Whether `token` is this order's, compared in constant time. */
export function tokenMatches(config: Config, orderNumber: string, token: string): boolean {
  return linkTokenMatches(config, orderNumber, token);
}

/** The page path of an order's link. */
export function deliveryChoicePath(config: Config, orderNumber: string): string {
  return `/delivery/${encodeURIComponent(orderNumber)}/${deliveryChoiceToken(config, orderNumber)}`;
}

/** The full address of an order's link, for mail and WhatsApp. */
export function deliveryChoiceUrl(config: Config, orderNumber: string): string {
  const base = publicBase(config);
  return base + deliveryChoicePath(config, orderNumber);
}
