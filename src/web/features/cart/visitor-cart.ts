/**
 * A visitor's cart in local storage (SPEC §3: lines {id, proname, quantity})
 * until they log in or sign up, when the server merges it (DESIGN.md 9).
 * Whatever is stored is checked with the shared schema: a bad entry reads as empty.
 */
import { CART_QTY_MAX } from '../../../common/constants.ts';
import { type VisitorCartLine, visitorCartSchema } from '../../../common/schemas/cart.ts';
import { local, STORAGE_KEYS } from '../../lib/storage.ts';
import { notifyCartChanged } from './cart-events.ts';

export function readVisitorCart(): VisitorCartLine[] {
  const text = local.get(STORAGE_KEYS.visitorCart);
  if (!text) return [];
  try {
    const parsed = visitorCartSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeVisitorCart(lines: VisitorCartLine[]): void {
  if (lines.length === 0) local.remove(STORAGE_KEYS.visitorCart);
  else local.set(STORAGE_KEYS.visitorCart, JSON.stringify(lines));
  notifyCartChanged();
}

export function clearVisitorCart(): void {
  writeVisitorCart([]);
}

/** Adding again raises the quantity, never past 10 (DESIGN.md 16). */
export function addToVisitorCart(id: string, proname: string, quantity = 1): void {
  const lines = readVisitorCart();
  const line = lines.find((l) => l.id === id);
  if (line) line.quantity = Math.min(line.quantity + quantity, CART_QTY_MAX);
  else lines.push({ id, proname, quantity: Math.min(quantity, CART_QTY_MAX) });
  writeVisitorCart(lines);
}

export function setVisitorQuantity(id: string, quantity: number): void {
  writeVisitorCart(readVisitorCart().map((l) => (l.id === id ? { ...l, quantity } : l)));
}

export function removeFromVisitorCart(id: string): void {
  writeVisitorCart(readVisitorCart().filter((l) => l.id !== id));
}
