/**
 * A visitor's cart in local storage (docs/product.md#entities: lines {id, proname, quantity})
 * until they log in or sign up, when the server merges it (docs/product.md#better-9).
 * Whatever is stored is checked before use: bad lines are dropped. The check is
 * written by hand rather than with the zod schema so the product page and cart
 * do not download zod (~24 KB gzip); the server validates the lines again with
 * visitorCartSchema when it merges them.
 */
import { CART_COOKIE, parseCartCookie } from '../../../common/cart-cookie.ts';
import { quantityAdded } from '../../../common/cart-rules.ts';
import { CART_QTY_MAX, CART_QTY_MIN, MAX_CART_LINES } from '../../../common/constants.ts';
import type { VisitorCartLine } from '../../../common/schemas/cart.ts';
import { local, STORAGE_KEYS } from '../../lib/storage.ts';
import { notifyCartChanged } from './cart-events.ts';

export function readVisitorCart(): VisitorCartLine[] {
  const text = local.get(STORAGE_KEYS.visitorCart);
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isVisitorCartLine).slice(0, MAX_CART_LINES) : [];
  } catch {
    return [];
  }
}

function isVisitorCartLine(value: unknown): value is VisitorCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { id, proname, quantity } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    id.trim().length > 0 &&
    id.length <= 64 &&
    (proname === undefined || (typeof proname === 'string' && proname.length <= 300)) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= CART_QTY_MIN &&
    (quantity as number) <= CART_QTY_MAX
  );
}

export function writeVisitorCart(lines: VisitorCartLine[]): void {
  if (lines.length === 0) local.remove(STORAGE_KEYS.visitorCart);
  else local.set(STORAGE_KEYS.visitorCart, JSON.stringify(lines));
  notifyCartChanged();
}

export function clearVisitorCart(): void {
  writeVisitorCart([]);
}

/**
 * Adding again raises the quantity, never past 10 (docs/product.md#better-16). Returns how many were
 * added, or null when the watch is new and the cart already has 50 lines (the server's cap too).
 */
export function addToVisitorCart(id: string, proname: string, quantity = 1): number | null {
  const lines = readVisitorCart();
  const line = lines.find((l) => l.id === id);
  if (!line && lines.length >= MAX_CART_LINES) return null;
  const added = quantityAdded(line?.quantity ?? 0, quantity);
  if (line) line.quantity += added;
  else lines.push({ id, proname, quantity: added });
  if (added > 0) writeVisitorCart(lines);
  return added;
}

export function setVisitorQuantity(id: string, quantity: number): void {
  writeVisitorCart(readVisitorCart().map((l) => (l.id === id ? { ...l, quantity } : l)));
}

export function removeFromVisitorCart(id: string): void {
  writeVisitorCart(readVisitorCart().filter((l) => l.id !== id));
}

/**
 * Moves the watches a visitor added before the script ran (the form post's cookie,
 * common/cart-cookie.ts) into this cart, then clears the cookie, so each tap counts once.
 * Called as the app starts (main.tsx), before the first render reads the cart.
 */
export function takeCookieCart(): void {
  if (typeof document === 'undefined') return;
  for (const name of [CART_COOKIE, `__Host-${CART_COOKIE}`]) {
    const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    if (!pair) continue;
    let value = '';
    try {
      value = decodeURIComponent(pair.slice(name.length + 1));
    } catch {
      value = '';
    }
    const secure = name.startsWith('__Host-') ? '; Secure' : '';
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
    for (const line of parseCartCookie(value)) addToVisitorCart(line.id, '', line.quantity);
  }
}
