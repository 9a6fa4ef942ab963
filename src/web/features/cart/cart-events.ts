/**
 * "The cart changed" as a window event, so the navbar's count follows adds,
 * removals and orders. Kept apart from visitor-cart.ts so the count badge (on
 * every page) does not pull the schemas into the first load.
 */
export const CART_CHANGED = 'cart-changed';

export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED));
}
