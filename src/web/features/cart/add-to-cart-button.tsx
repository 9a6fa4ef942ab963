/**
 * ADD TO CART on the product page (docs/product.md#better-16).
 * CONTRACT used by the product route: <AddToCartButton productId productName inStock />.
 * Logged in: the server cart; otherwise the visitor's local cart. Adding again
 * raises the quantity, never past 10; at 10 it says so instead of "Added".
 * The message and "View cart" sit under the buttons (product.css lays them out).
 *
 * The button is a form posting to the server (docs/decisions/034-add-to-cart-before-the-script.md):
 * without the script, a tap is sent as a plain form post and lands on the cart with the watch in
 * it. With the script on its way, the page's loader holds a tap made before the app is live
 * (`data-early-tap`) and the app makes it again (lib/early-tap.ts, decision 075); a tap made once
 * the app is live but before it knows who is logged in waits for that here (decision 077). Either
 * waits at most HOLD_MS, then goes to the server; otherwise the shopper stays on the page.
 */
import { type FormEvent, useCallback, useState } from 'react';
import { CART_FORM_ACTION } from '../../../common/cart-cookie.ts';
import { addedMessage, CART_FULL } from '../../../common/cart-rules.ts';
import { PAGE } from '../../../common/page-paths.ts';
import { Message } from '../../components/message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { whenReady } from '../../lib/early-tap.ts';
import { Link } from '../../lib/router/index.ts';
import { useSession } from '../accounts/session.tsx';
import { addCartItem } from './cart-api.ts';
import { notifyCartChanged } from './cart-events.ts';
import { addToVisitorCart } from './visitor-cart.ts';

export interface AddToCartButtonProps {
  productId: string;
  productName: string;
  inStock: boolean;
}

export function AddToCartButton({ productId, productName, inStock }: AddToCartButtonProps) {
  const { user, loading } = useSession();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' | 'info' } | null>(null);

  const clear = useCallback(() => setMessage(null), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (loading) {
      // Who is logged in is not known yet. The tap waits for the session's answer, as one made
      // before the app does (lib/early-tap.ts), then is made again here; past HOLD_MS the server,
      // which knows, takes the form (submit() sends it without this handler): it lands on the cart.
      event.preventDefault();
      const form = event.currentTarget;
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (!button || button.hasAttribute('aria-busy')) return;
      button.setAttribute('aria-busy', 'true');
      whenReady(form, () => {
        button.removeAttribute('aria-busy');
        if (form.hasAttribute('data-ready')) button.click();
        else form.submit();
      });
      return;
    }
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      let added: number | null;
      if (user) {
        ({ added } = await addCartItem(productId, 1));
        notifyCartChanged();
      } else {
        added = addToVisitorCart(productId, productName, 1);
      }
      setMessage(added === null ? { text: CART_FULL, tone: 'error' } : addedMessage(added));
    } catch (err) {
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    // data-ready: taps are handled here from now on (journeys wait for it to see "Added").
    <form
      className="add-to-cart"
      method="post"
      action={CART_FORM_ACTION}
      onSubmit={onSubmit}
      data-ready={loading ? undefined : ''}
      data-early-tap=""
    >
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className="btn btn-ghost" disabled={!inStock} aria-disabled={busy || undefined}>
        Add to cart
      </button>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'success'} onClose={clear} />
      {message && message.tone !== 'error' && (
        <Link to={PAGE.cart} className="add-to-cart-view">
          View cart
        </Link>
      )}
    </form>
  );
}
