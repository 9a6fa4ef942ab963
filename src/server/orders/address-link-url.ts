/**
 * The address correction link (address-check.ts), apart so the messages that carry it
 * (notifications/) need nothing else of orders/: signed over `address:<number>`
 * (auth/signed-links.ts orderLink), so no other link's token opens this page.
 */
import { orderLink } from '../auth/signed-links.ts';

const link = orderLink('address');

/** The full address of an order's correction link, for mail and WhatsApp. */
export const addressLinkUrl = link.url;
/** Whether `token` is this order's correction link's, compared in constant time. */
export const addressLinkMatches = link.matches;
