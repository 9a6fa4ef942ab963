/**
 * What ADD TO CART tells the shopper (docs/product.md#better-16), for the logged-in cart and
 * the visitor's local cart alike. Plain strings (no zod), so the product page
 * stays small.
 */
import { CART_QTY_MAX, CART_QTY_MIN, MAX_CART_LINES } from './constants.ts';

export const ADDED_TO_CART = 'Added to your cart';
/** Adding once more to a line already at the cap changes nothing: say so. */
export const CART_LINE_FULL = `Your cart already holds ${CART_QTY_MAX} of this watch, the most allowed`;

/** A new watch when the cart already has the most lines allowed (docs/product.md#limits-and-constants). */
export const CART_FULL = `Your cart already holds ${MAX_CART_LINES} different watches, the most allowed. Please remove one to add another.`;

/** How many a line gains when `adding` more go into a line that holds `had`: never past the cap. */
export function quantityAdded(had: number, adding: number): number {
  return Math.max(Math.min(had + adding, CART_QTY_MAX) - had, 0);
}

/**
 * The most a cart line offers (issue 34 item 15: a watch with 2 in stock offered 1-10): the cart's
 * limit, or the counted stock when fewer (none counted: the limit). Never under the minimum, so an
 * out-of-stock line (shown unavailable, its select off) still has its one choice.
 */
export function lineQuantityMax(stockCount: number | null): number {
  return stockCount === null ? CART_QTY_MAX : Math.max(CART_QTY_MIN, Math.min(stockCount, CART_QTY_MAX));
}

/**
 * The quantities a cart line's select offers: 1 to its most, and the line's own quantity when the
 * stock fell under it since (shown as it is; placing the order then names the watch and its stock).
 */
export function quantityChoices(max: number, current: number): number[] {
  const top = Math.max(max, current);
  return Array.from({ length: top - CART_QTY_MIN + 1 }, (_, i) => CART_QTY_MIN + i).filter(
    (q) => q <= max || q === current,
  );
}

/** The message for an ADD TO CART that added `added` watches. */
export function addedMessage(added: number): { text: string; tone: 'success' | 'info' } {
  return added > 0 ? { text: ADDED_TO_CART, tone: 'success' } : { text: CART_LINE_FULL, tone: 'info' };
}
