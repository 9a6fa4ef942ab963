/**
 * The cart a screen shows: the server cart when logged in, the visitor's local
 * cart (priced by the server) otherwise. Changes go to the right one and the
 * screen gets the server's answer, so names, prices and stock are always current.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Cart } from '../../../common/schemas/cart.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../accounts/session.tsx';
import { fetchCart, quoteVisitorCart, removeCartItem, setCartQuantity } from './cart-api.ts';
import { notifyCartChanged } from './cart-events.ts';
import { readVisitorCart, removeFromVisitorCart, setVisitorQuantity, writeVisitorCart } from './visitor-cart.ts';

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
  const [state, setState] = useState<{ cart: Cart | undefined; loading: boolean; error: string | null }>({
    cart: undefined,
    loading: true,
    error: null,
  });
  const [actionError, setActionError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version forces a reload.
  useEffect(() => {
    if (sessionLoading) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    (userId ? fetchCart(controller.signal) : loadVisitorCart(controller.signal)).then(
      (cart) => setState({ cart, loading: false, error: null }),
      (err: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error: errorMessage(err) }));
      },
    );
    return () => controller.abort();
  }, [userId, sessionLoading, version]);

  const apply = useCallback(
    async (server: () => Promise<Cart>, visitor: () => void) => {
      setActionError(null);
      try {
        let cart: Cart;
        if (userId) {
          cart = await server();
          notifyCartChanged();
        } else {
          visitor();
          cart = await loadVisitorCart();
        }
        setState({ cart, loading: false, error: null });
      } catch (err) {
        setActionError(errorMessage(err));
        setVersion((v) => v + 1);
      }
    },
    [userId],
  );

  return {
    ...state,
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
    reload: useCallback(() => setVersion((v) => v + 1), []),
  };
}
