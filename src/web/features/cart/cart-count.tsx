import { useEffect, useState } from 'react';
import type { Cart } from '../../../common/schemas/cart.ts';
import { local, STORAGE_KEYS } from '../../lib/storage.ts';
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
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (loading) return;
    let controller: AbortController | null = null;
    const update = () => {
      if (!userId) return setCount(visitorCount());
      controller?.abort();
      controller = new AbortController();
      fetchCart(controller.signal).then(
        (cart: Cart) => setCount(sum(cart.lines)),
        () => {}, // a badge: the cart screen shows any error
      );
    };
    update();
    window.addEventListener(CART_CHANGED, update);
    window.addEventListener('storage', update);
    return () => {
      controller?.abort();
      window.removeEventListener(CART_CHANGED, update);
      window.removeEventListener('storage', update);
    };
  }, [userId, loading]);

  if (count === 0) return null;
  return (
    <span className="cart-count" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
