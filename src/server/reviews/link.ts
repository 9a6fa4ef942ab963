/**
 * The review link (docs/product.md#reviews): /review/<order>/<token>, no log-in, signed over
 * `review:<number>` (auth/signed-links.ts orderLink), so no other link's token opens it and nothing
 * per link is stored.
 */
import { orderLink } from '../auth/signed-links.ts';

const link = orderLink('review');

/** The page's path for an order (the link secret loaded first). */
export const reviewLinkPath = link.path;
/** The full address, for mail and WhatsApp. */
export const reviewLinkUrl = link.url;
export const reviewLinkMatches = link.matches;
