/**
 * The advance link (advance-link.ts), apart from the page's reading so the messages that carry it
 * (notifications/) need nothing else of orders/: signed over `advance:<number>`
 * (auth/signed-links.ts orderLink), so no other link's token opens this page.
 */
import { orderLink } from '../auth/signed-links.ts';

const link = orderLink('advance');

/** The token of an order's advance link (the link secret loaded: ensureLinkSecret). */
export const advanceLinkToken = link.token;
/** The full address of an order's advance link, for mail and WhatsApp. */
export const advanceLinkUrl = link.url;
/** Whether `token` is this order's advance link's, compared in constant time. */
export const advanceLinkMatches = link.matches;
