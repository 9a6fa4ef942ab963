/**
 * A visitor's taps on ADD TO CART made before the page's script ran, or without it
 * (docs/decisions/034-add-to-cart-before-the-script.md): the form posts to the server, which
 * keeps the lines in a cookie; the web app moves them into the visitor's cart in local storage as
 * it starts, and the cart page shows them to a browser without JavaScript. One format, read and
 * written by both sides: "id*quantity" lines joined by ".", at most MAX_CART_LINES of them.
 */
import { quantityAdded } from './cart-rules.ts';
import { CART_QTY_MAX, CART_QTY_MIN, MAX_CART_LINES } from './constants.ts';

/** Where the product page's ADD TO CART form posts (server/cart/form-routes.ts). */
export const CART_FORM_ACTION = '/cart/add';

/** The cookie's name; `__Host-` in front when cookies are Secure (as the session's). */
export const CART_COOKIE = 'visitor_cart';

export interface CookieCartLine {
  id: string;
  quantity: number;
}

/** Product ids are 20 lowercase base32 characters (server/db/ids.ts). */
const LINE = /^([0-9a-z]{20})\*(\d{1,2})$/;

/** The lines of a cookie's value; anything malformed is dropped, never trusted. */
export function parseCartCookie(value: string | undefined | null): CookieCartLine[] {
  if (!value || value.length > 2000) return [];
  const lines: CookieCartLine[] = [];
  for (const part of value.split('.')) {
    const match = LINE.exec(part);
    if (!match?.[1]) continue;
    const quantity = Number(match[2]);
    if (quantity < CART_QTY_MIN || quantity > CART_QTY_MAX || lines.some((l) => l.id === match[1])) continue;
    lines.push({ id: match[1], quantity });
    if (lines.length === MAX_CART_LINES) break;
  }
  return lines;
}

export function formatCartCookie(lines: readonly CookieCartLine[]): string {
  return lines.map((l) => `${l.id}*${l.quantity}`).join('.');
}

/**
 * Adds one tap's quantity with the cart's rules (never past 10 of a watch, at most 50 watches):
 * the new lines and how many were added, or null when the cart has no room for a new watch.
 */
export function addToCookieCart(
  lines: readonly CookieCartLine[],
  id: string,
  quantity: number,
): { lines: CookieCartLine[]; added: number | null } {
  const had = lines.find((l) => l.id === id);
  if (!had && lines.length >= MAX_CART_LINES) return { lines: [...lines], added: null };
  const added = quantityAdded(had?.quantity ?? 0, quantity);
  const next = had
    ? lines.map((l) => (l.id === id ? { id, quantity: l.quantity + added } : l))
    : [...lines, { id, quantity: added }];
  return { lines: next, added };
}
