/**
 * The cart a screen shows: the server cart when logged in, the visitor's local
 * cart (priced by the server) otherwise. Changes go to the right one and the
 * screen gets the server's answer, so names, prices and stock are always current.
 */
import { useCallback, useState } from 'react';
import type { Cart } from '../../../common/schemas/cart.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { invalidate, useResource } from '../../lib/use-resource.ts';
import { useSession } from '../accounts/session.tsx';
import { fetchCart, quoteVisitorCart, removeCartItem, setCartQuantity } from './cart-api.ts';
import { CART_CHANGED, notifyCartChanged } from './cart-events.ts';
import { readVisitorCart, removeFromVisitorCart, setVisitorQuantity, writeVisitorCart } from './visitor-cart.ts';

/** The carts kept for the session (lib/use-resource.ts): `cart:` + the shopper's id, or `cart:visitor`. */
const CART_KEY = 'cart:';

// A cart kept from an earlier visit to the screen is shown at once, so it must be the
// current one: any change (ADD TO CART, an order placed, another tab) drops it, and the
// next visit loads the cart. Changes made on the screen keep the server's answer instead.
if (typeof window !== 'undefined') {
  window.addEventListener(CART_CHANGED, () => invalidate(CART_KEY));
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.visitorCart || event.key === null) invalidate(CART_KEY);
  });
}

export interface CartState {
  cart: Cart | undefined;
  loading: boolean;
  error: string | null;
  /** Message of a failed change (the cart stays as it was). */
  actionError: string | null;
  clearActionError: () => void;
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  remove: (productId: string) => Promise<void>;
  reload: () => void;
}

async function loadVisitorCart(signal?: AbortSignal): Promise<Cart> {
  const stored = readVisitorCart();
  if (stored.length === 0) return { lines: [], totals: { totalMrp: 0, subtotal: 0, discount: 0, total: 0 } };
  const cart = await quoteVisitorCart(stored, signal);
  // Forget watches the shop no longer sells, so the badge and the list agree.
  const known = new Set(cart.lines.map((l) => l.productId));
  if (known.size !== stored.length) writeVisitorCart(stored.filter((l) => known.has(l.id)));
  return cart;
}

export function useCart(): CartState {
  const { user, loading: sessionLoading } = useSession();
  const userId = user?.id ?? null;
  const cart = useResource<Cart>(
    sessionLoading ? null : `${CART_KEY}${userId ?? 'visitor'}`,
    (signal) => (userId ? fetchCart(signal) : loadVisitorCart(signal)),
    undefined,
    // Signing up at checkout turns the visitor's cart into the account's: the cart (and
    // the checkout popup showing it) stays on screen while the account's loads.
    { keepPrevious: true },
  );
  const { set, reload } = cart;
  const [actionError, setActionError] = useState<string | null>(null);

  const apply = useCallback(
    async (server: () => Promise<Cart>, visitor: () => void) => {
      setActionError(null);
      try {
        let answer: Cart;
        if (userId) {
          answer = await server();
          notifyCartChanged();
        } else {
          visitor();
          answer = await loadVisitorCart();
        }
        set(answer);
      } catch (err) {
        setActionError(errorMessage(err));
        reload();
      }
    },
    [userId, set, reload],
  );

  return {
    cart: cart.data,
    // Until the session is known, which cart to show is not.
    loading: sessionLoading || cart.loading,
    error: cart.error,
    actionError,
    clearActionError: useCallback(() => setActionError(null), []),
    setQuantity: (productId, quantity) =>
      apply(
        () => setCartQuantity(productId, quantity),
        () => setVisitorQuantity(productId, quantity),
      ),
    remove: (productId) =>
      apply(
        () => removeCartItem(productId),
        () => removeFromVisitorCart(productId),
      ),
    reload,
  };
}
