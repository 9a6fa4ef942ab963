/**
 * What ADD TO CART tells the shopper (docs/product.md#better-16), for the logged-in cart and
 * the visitor's local cart alike. Plain strings (no zod), so the product page
 * stays small.
 */
import { CART_QTY_MAX, MAX_CART_LINES } from './constants.ts';

export const ADDED_TO_CART = 'Added to your cart';
/** Adding once more to a line already at the cap changes nothing: say so. */
export const CART_LINE_FULL = `Your cart already holds ${CART_QTY_MAX} of this watch, the most allowed`;

/** A new watch when the cart already has the most lines allowed (docs/product.md#limits-and-constants). */
export const CART_FULL = `Your cart already holds ${MAX_CART_LINES} different watches, the most allowed. Please remove one to add another.`;

/** How many a line gains when `adding` more go into a line that holds `had`: never past the cap. */
export function quantityAdded(had: number, adding: number): number {
  return Math.max(Math.min(had + adding, CART_QTY_MAX) - had, 0);
}

/** The message for an ADD TO CART that added `added` watches. */
export function addedMessage(added: number): { text: string; tone: 'success' | 'info' } {
  return added > 0 ? { text: ADDED_TO_CART, tone: 'success' } : { text: CART_LINE_FULL, tone: 'info' };
}
