import { useEffect } from 'react';
import { local, STORAGE_KEYS } from '../../lib/storage.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useSession } from '../accounts/session.tsx';
import { fetchCart } from './cart-api.ts';
import { CART_CHANGED } from './cart-events.ts';
import './cart-count.css';

const sum = (lines: Array<{ quantity: number }>) => lines.reduce((n, l) => n + l.quantity, 0);

/** Watches in the visitor's local cart, read loosely: the cart screen checks the lines properly. */
function visitorCount(): number {
  try {
    const lines: unknown = JSON.parse(local.get(STORAGE_KEYS.visitorCart) ?? '[]');
    if (!Array.isArray(lines)) return 0;
    return sum(lines.map((l) => ({ quantity: Number((l as { quantity?: unknown }).quantity) || 0 })));
  } catch {
    return 0;
  }
}

/** The number of watches in the cart, shown on the navbar's cart link (rendered by app/layout.tsx). */
export function CartCount() {
  const { user, loading } = useSession();
  const userId = user?.id ?? null;
  // A number, so kept apart from the cart screen's `cart:` keys (use-cart.ts). Logging in
  // keeps the visitor's count up until the account's arrives; a failed load keeps the
  // count shown (a badge: the cart screen shows any error).
  const { data: count = 0, reload } = useResource<number>(
    loading ? null : `cart-count:${userId ?? 'visitor'}`,
    async (signal) => (userId ? sum((await fetchCart(signal)).lines) : visitorCount()),
    undefined,
    { keepPrevious: true },
  );

  // Counted again after every change: here, in another tab, or on the server.
  useEffect(() => {
    window.addEventListener(CART_CHANGED, reload);
    window.addEventListener('storage', reload);
    return () => {
      window.removeEventListener(CART_CHANGED, reload);
      window.removeEventListener('storage', reload);
    };
  }, [reload]);

  if (count === 0) return null;
  return <span className="cart-count">{count > 99 ? '99+' : count}</span>;
}
