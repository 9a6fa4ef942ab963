// @vitest-environment happy-dom
/**
 * The cart screen's data (useCart) and the navbar's count (CartCount) on
 * useResource, against a stubbed network that answers like the shop's API:
 * the visitor's local cart priced by the server, the account's cart, changes,
 * failures, signing up at checkout, and coming back to the screen.
 */
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_QTY_MAX } from '../../../common/constants.ts';
import type { Cart } from '../../../common/schemas/cart.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { invalidate } from '../../lib/use-resource.ts';
import { SessionProvider, type SessionState, useSession } from '../accounts/session.tsx';
import { CartCount } from './cart-count.tsx';
import { CART_CHANGED, notifyCartChanged } from './cart-events.ts';
import { type CartState, useCart } from './use-cart.ts';
import { addToVisitorCart } from './visitor-cart.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CATALOGUE: Record<string, { name: string; price: number }> = {
  w1: { name: 'Steel Chronograph', price: 4999 },
  w2: { name: 'Gold Dress Watch', price: 7999 },
};
const SHOPPER = { id: 'u1', name: 'Asha', number: '9000000001', email: 'asha@example.com', addresses: [] };

function priced(lines: Array<{ id: string; quantity: number }>): Cart {
  const known = lines.filter((l) => CATALOGUE[l.id]);
  const total = known.reduce((n, l) => n + (CATALOGUE[l.id]?.price ?? 0) * l.quantity, 0);
  return {
    lines: known.map((l) => ({
      productId: l.id,
      name: CATALOGUE[l.id]?.name ?? '',
      image: '',
      path: `/${l.id}/x`,
      price: CATALOGUE[l.id]?.price ?? 0,
      discountPrice: CATALOGUE[l.id]?.price ?? 0,
      quantity: l.quantity,
      maxQuantity: CART_QTY_MAX,
      available: true,
    })),
    totals: { totalMrp: total, subtotal: total, discount: 0, total },
  };
}

/** What the stubbed shop holds, and every request it got. */
let shop: {
  user: typeof SHOPPER | null;
  account: Array<{ id: string; quantity: number }>;
  /** Answers to hold back: the test releases them. */
  hold: Map<string, Promise<void>>;
  /** Makes the next change fail with this message. */
  failNextChange: string | null;
  requests: string[];
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  shop = { user: null, account: [], hold: new Map(), failNextChange: null, requests: [] };
  localStorage.clear();
  invalidate('');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const request = `${method} ${url}`;
    shop.requests.push(request);
    await shop.hold.get(request);
    if (url === '/api/session') return json({ user: shop.user, isAdmin: false });
    if (url === '/api/cart/quote') {
      const { lines } = JSON.parse(String(init.body)) as { lines: Array<{ id: string; quantity: number }> };
      return json(priced(lines));
    }
    if (url === '/api/cart') return json(priced(shop.account));
    const item = /^\/api\/cart\/items\/(.+)$/.exec(url);
    if (item) {
      if (shop.failNextChange) {
        const message = shop.failNextChange;
        shop.failNextChange = null;
        return json({ error: { code: 'unavailable', message } }, 409);
      }
      const id = decodeURIComponent(item[1] ?? '');
      if (method === 'DELETE') shop.account = shop.account.filter((l) => l.id !== id);
      else {
        const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
        shop.account = shop.account.map((l) => (l.id === id ? { ...l, quantity } : l));
      }
      return json(priced(shop.account));
    }
    return json({ error: { code: 'not_found', message: `No ${url}` } }, 404);
  });
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  vi.unstubAllGlobals();
});

/** Lets answered requests reach React. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await act(async () => {});
};

function hold(request: string): () => void {
  let release!: () => void;
  shop.hold.set(
    request,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  return () => {
    shop.hold.delete(request);
    release();
  };
}

/** Mounts the cart screen's hook under the session, recording every render. */
async function mountCart() {
  const seen: CartState[] = [];
  let session!: SessionState;
  function Probe() {
    session = useSession();
    seen.push(useCart());
    return null;
  }
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  await act(async () => root.render(createElement(SessionProvider, null, createElement(Probe))));
  return {
    seen,
    get current(): CartState {
      return seen[seen.length - 1] as CartState;
    },
    get session() {
      return session;
    },
    unmount: () => act(() => root.unmount()),
  };
}

const names = (state: CartState) => state.cart?.lines.map((l) => `${l.productId}×${l.quantity}`);

describe('useCart', () => {
  it('shows a visitor’s local cart as the server prices it, and forgets watches the shop no longer sells', async () => {
    localStorage.setItem(
      STORAGE_KEYS.visitorCart,
      JSON.stringify([
        { id: 'w1', proname: 'Steel Chronograph', quantity: 2 },
        { id: 'gone', proname: 'Sold out for ever', quantity: 1 },
      ]),
    );
    const view = await mountCart();
    // Until the session is known, which cart to show is not: a loader, not an empty cart.
    expect(view.seen[0]).toMatchObject({ cart: undefined, loading: true });
    await settle();
    expect(names(view.current)).toEqual(['w1×2']);
    expect(view.current).toMatchObject({ loading: false, error: null });
    expect(view.current.cart?.totals.total).toBe(9998);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.visitorCart) ?? '[]')).toEqual([
      { id: 'w1', proname: 'Steel Chronograph', quantity: 2 },
    ]);
    expect(shop.requests).not.toContain('GET /api/cart');
  });

  it('shows a logged-in shopper’s cart from the API; a change shows the server’s answer and tells the count', async () => {
    shop.user = SHOPPER;
    shop.account = [
      { id: 'w1', quantity: 1 },
      { id: 'w2', quantity: 1 },
    ];
    const view = await mountCart();
    await settle();
    expect(names(view.current)).toEqual(['w1×1', 'w2×1']);

    const changed = vi.fn();
    window.addEventListener(CART_CHANGED, changed);
    await act(async () => view.current.setQuantity('w1', 3));
    expect(shop.requests).toContain('PUT /api/cart/items/w1');
    expect(names(view.current)).toEqual(['w1×3', 'w2×1']);
    expect(changed).toHaveBeenCalledTimes(1);

    await act(async () => view.current.remove('w2'));
    expect(names(view.current)).toEqual(['w1×3']);
    expect(view.current).toMatchObject({ loading: false, error: null, actionError: null });
    window.removeEventListener(CART_CHANGED, changed);
  });

  it('a failed change shows its message, keeps the cart and loads it again', async () => {
    shop.user = SHOPPER;
    shop.account = [{ id: 'w1', quantity: 1 }];
    const view = await mountCart();
    await settle();
    const gets = shop.requests.filter((r) => r === 'GET /api/cart').length;

    shop.failNextChange = 'Only 1 left in stock';
    await act(async () => view.current.setQuantity('w1', 5));
    expect(view.current.actionError).toBe('Only 1 left in stock');
    expect(names(view.current)).toEqual(['w1×1']);
    await settle();
    expect(shop.requests.filter((r) => r === 'GET /api/cart').length).toBe(gets + 1);

    act(() => view.current.clearActionError());
    expect(view.current.actionError).toBeNull();
  });

  it('a visitor’s change goes to the local cart and shows the new price', async () => {
    addToVisitorCart('w1', 'Steel Chronograph');
    addToVisitorCart('w2', 'Gold Dress Watch');
    const view = await mountCart();
    await settle();
    await act(async () => view.current.setQuantity('w2', 2));
    expect(names(view.current)).toEqual(['w1×1', 'w2×2']);
    await act(async () => view.current.remove('w1'));
    expect(names(view.current)).toEqual(['w2×2']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.visitorCart) ?? '[]')).toEqual([
      { id: 'w2', proname: 'Gold Dress Watch', quantity: 2 },
    ]);
    expect(shop.requests.some((r) => r.startsWith('PUT') || r.startsWith('DELETE'))).toBe(false);
  });

  it('a visitor who signs up at checkout keeps seeing a cart until the account’s cart arrives', async () => {
    addToVisitorCart('w1', 'Steel Chronograph');
    const view = await mountCart();
    await settle();
    expect(names(view.current)).toEqual(['w1×1']);

    // Signing up merges the visitor's cart into the account on the server.
    shop.user = SHOPPER;
    shop.account = [
      { id: 'w1', quantity: 1 },
      { id: 'w2', quantity: 1 },
    ];
    const release = hold('GET /api/cart');
    const from = view.seen.length;
    await act(async () => view.session.refresh());
    await settle();
    expect(view.current).toMatchObject({ loading: true });
    release();
    await settle();
    expect(names(view.current)).toEqual(['w1×1', 'w2×1']);
    // The checkout popup is shown only while there is a cart: it must never have gone.
    expect(view.seen.slice(from).every((s) => s.cart !== undefined)).toBe(true);
  });

  it('coming back shows the kept cart at once, unless the cart changed meanwhile', async () => {
    shop.user = SHOPPER;
    shop.account = [{ id: 'w1', quantity: 1 }];
    const first = await mountCart();
    await settle();
    first.unmount();

    // The cart is shown as soon as the session is known, before the API answers again.
    let release = hold('GET /api/cart');
    const back = await mountCart();
    await settle();
    expect(back.current).toMatchObject({ loading: true });
    expect(names(back.current)).toEqual(['w1×1']);
    release();
    await settle();
    back.unmount();

    // ADD TO CART on a product page: the kept cart is out of date.
    shop.account = [
      { id: 'w1', quantity: 1 },
      { id: 'w2', quantity: 1 },
    ];
    act(() => notifyCartChanged());
    release = hold('GET /api/cart');
    const again = await mountCart();
    await settle();
    expect(again.current).toMatchObject({ cart: undefined, loading: true });
    release();
    await settle();
    expect(names(again.current)).toEqual(['w1×1', 'w2×1']);
    expect(again.seen.every((s) => s.cart === undefined || s.cart.lines.length === 2)).toBe(true);
  });
});

describe('CartCount', () => {
  async function mountCount(children?: ReactNode) {
    const container = document.createElement('div');
    const root = createRoot(container);
    roots.push(root);
    await act(async () => root.render(createElement(SessionProvider, null, createElement(CartCount), children)));
    await settle();
    return container;
  }

  it('counts a visitor’s watches and follows every change', async () => {
    const badge = await mountCount();
    expect(badge.textContent).toBe('');
    act(() => {
      addToVisitorCart('w1', 'Steel Chronograph');
    });
    await settle();
    expect(badge.textContent).toBe('1');
    act(() => {
      addToVisitorCart('w1', 'Steel Chronograph', 2);
    });
    await settle();
    expect(badge.textContent).toBe('3');

    // Another tab emptied the cart.
    localStorage.removeItem(STORAGE_KEYS.visitorCart);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.visitorCart })));
    await settle();
    expect(badge.textContent).toBe('');
  });

  it('counts a logged-in shopper’s cart from the API and asks again after a change', async () => {
    shop.user = SHOPPER;
    shop.account = Array.from({ length: 12 }, (_, i) => ({ id: i % 2 ? 'w1' : 'w2', quantity: 9 }));
    const badge = await mountCount();
    expect(badge.textContent).toBe('99+');

    shop.account = [{ id: 'w1', quantity: 2 }];
    act(() => notifyCartChanged());
    await settle();
    expect(badge.textContent).toBe('2');

    // A failed count keeps the badge as it was.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    act(() => notifyCartChanged());
    await settle();
    expect(badge.textContent).toBe('2');
  });
});
