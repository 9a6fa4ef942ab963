/**
 * The cart page without JavaScript (docs/decisions/034-add-to-cart-before-the-script.md): the
 * watches added through the product page's form, listed inside the page's <noscript> note, so a
 * shopper without the script sees that the tap worked. Inside <noscript> because a browser running
 * the script ignores it and React never hydrates it: the app shows the cart itself.
 *
 * Made per request from the visitor's cart cookie or the shopper's session, never kept in the
 * page cache.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCartCookie } from '../../common/cart-cookie.ts';
import { formatRupees } from '../../common/money.ts';
import type { Cart } from '../../common/schemas/cart.ts';
import { loadUser } from '../auth/guards.ts';
import { cartCookieName } from '../cart/form-routes.ts';
import { getCart, quoteCart } from '../cart/queries.ts';
import { escapeHtml } from '../http/html.ts';

/** The lines as HTML for inside the note, or null when there is nothing to show. */
export async function noscriptCart(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const userId = await loadUser(app, request);
  const cart: Cart = userId
    ? await getCart(app.db, userId)
    : await quoteCart(app.db, parseCartCookie(request.cookies[cartCookieName(app.config.cookieSecure)]));
  if (cart.lines.length === 0) return null;
  const items = cart.lines
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.path)}">${escapeHtml(l.name)}</a> × ${l.quantity} · ${
          l.available ? `${formatRupees(l.discountPrice)} each` : 'no longer available'
        }</li>`,
    )
    .join('');
  return `<section class="noscript-cart container" aria-label="Your cart"><h2>Your cart</h2><ul>${items}</ul><p>Total: <strong>${formatRupees(cart.totals.total)}</strong></p></section>`;
}

/** The page with the lines put inside its note (the <noscript> the layout renders on the cart screen). */
export function withNoscriptCart(page: string, lines: string): string {
  const note = page.indexOf('noscript-note');
  const end = note < 0 ? -1 : page.indexOf('</noscript>', note);
  return end < 0 ? page : page.slice(0, end) + lines + page.slice(end);
}
