/**
 * ADD TO CART as a plain form post (docs/decisions/034-add-to-cart-before-the-script.md): the
 * product page's button is a form, so a tap before the script has run, or without it, still adds
 * the watch. A logged-in shopper's goes into the server cart; a visitor's into the cart cookie
 * (common/cart-cookie.ts), which the web app moves into the visitor's cart as it starts. Either way
 * the browser is sent to the cart (303), which shows the watch.
 *
 * Not under /api: it answers a browser's form with a page, not JSON. Same-origin only, like every
 * POST (http/security.ts registerOriginCheck); bad input answers 400 with a line of text and
 * changes nothing.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  addToCookieCart,
  CART_COOKIE,
  CART_FORM_ACTION,
  formatCartCookie,
  parseCartCookie,
} from '../../common/cart-cookie.ts';
import { CART_FULL } from '../../common/cart-rules.ts';
import { PAGE } from '../../common/page-paths.ts';
import { loadUser } from '../auth/guards.ts';
import { AppError } from '../http/errors.ts';
import { addToCart, productAvailability } from './queries.ts';

const PRODUCT_ID = /^[0-9a-z]{20}$/;
/** A visitor's cart cookie lives as long as a visitor's cart would be kept in the browser: 30 days. */
const COOKIE_DAYS = 30;

export function cartCookieName(cookieSecure: boolean): string {
  return cookieSecure ? `__Host-${CART_COOKIE}` : CART_COOKIE;
}

function refuse(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}

export const cartFormRoutes: FastifyPluginAsync = async (app) => {
  // Only this route reads a urlencoded body, and only a small one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(CART_FORM_ACTION, { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const productId = typeof form.productId === 'string' ? form.productId : '';
    if (!PRODUCT_ID.test(productId)) return refuse(reply, 400, 'Please choose a watch to add to the cart.');
    const userId = await loadUser(app, request);
    if (userId) {
      try {
        await addToCart(app.db, userId, productId, 1);
      } catch (err) {
        if (err instanceof AppError) return refuse(reply, err.statusCode, err.message);
        throw err;
      }
    } else {
      const refusal = await productAvailability(app.db, productId);
      if (refusal) return refuse(reply, refusal.status, refusal.message);
      const name = cartCookieName(app.config.cookieSecure);
      const { lines, added } = addToCookieCart(parseCartCookie(request.cookies[name]), productId, 1);
      if (added === null) return refuse(reply, 409, CART_FULL);
      reply.setCookie(name, formatCartCookie(lines), {
        path: '/',
        // The web app reads it once to move the lines into the visitor's cart, then clears it.
        httpOnly: false,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        maxAge: COOKIE_DAYS * 24 * 60 * 60,
      });
    }
    return reply.header('cache-control', 'no-store').redirect(PAGE.cart, 303);
  });
};
