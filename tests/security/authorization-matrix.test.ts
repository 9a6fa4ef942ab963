/**
 * ASVS V4 (access control): every API route × {nobody, shopper A, shopper B,
 * admin} with the status each must get. Routes that name a shopper's thing
 * (an order by its number, a cart line) name shopper B's, so A must get 404
 * where B gets 200; every admin route answers 401 to nobody and 403 to any
 * shopper. The route list comes from the app's router: a route without a row
 * here fails.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COD_RULES } from '../../src/common/cod-rules.ts';
import { makeResetLink } from '../../src/server/accounts/password-resets.ts';
import { linkToken } from '../../src/server/auth/signed-links.ts';
import { advanceLinkToken } from '../../src/server/orders/advance-link-url.ts';
import { ORDER_NOT_FOUND } from '../../src/server/orders/queries.ts';
import { deliveryChoiceToken } from '../../src/server/shipping/delivery-choice-link.ts';
import { multipart, placeOrder, pngImage, settleAdvance, validProduct } from '../../src/server/test-support/admin.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { ADDRESS, signupBody } from '../../src/server/test-support/shoppers.ts';
import { documentedRoutes, routerApiRoutes } from './support/routes.ts';
import {
  createWorld,
  errorMessageOf,
  newUtr,
  ROLES,
  type Role,
  SHOPPER_PASSWORD,
  type World,
} from './support/world.ts';

interface Request {
  url: string;
  payload?: unknown;
  multipart?: boolean;
}
type Expected = Record<Role, number>;
interface Row {
  route: string;
  request: (w: World, role: Role) => Request;
  expect: Expected;
}

const all = (status: number): Expected => ({ nobody: status, shopperA: status, shopperB: status, admin: status });
/** A shopper-only route: the admin's session is not a shopper's. */
const shopper = (a: number, b = a): Expected => ({ nobody: 401, shopperA: a, shopperB: b, admin: 401 });
const adminOnly = (status: number): Expected => ({ nobody: 401, shopperA: 403, shopperB: 403, admin: status });

/** The UPI reference B sends in the matrix. A tries the same one first: had A's refused attempt stored it, B would get 409. */
const B_UTR = newUtr();

let seq = 0;
const unique = () => `${Date.now() % 100_000}${seq++}`;
/** A live password link for B (made in beforeAll): reading it answers everyone alike. */
let bResetToken = '';
/** A well-formed link that was never made: using it reaches the handler and is refused for everyone. */
const UNKNOWN_RESET_TOKEN = 'Z'.repeat(43);
/** B's dispatched order, which has its invoice (made in beforeAll). */
let bInvoiced = '';
/** An order number no order has: the admin's 404 proves the route was reached without touching any order. */
const MISSING_ORDER = 'TSW-999999';
/** The address link's and the review link's tokens for B's order, signed as the app signs them. */
const addressToken = (w: World) => linkToken(w.t.config, `address:${w.bOrder}`);
const reviewToken = (w: World) => linkToken(w.t.config, `review:${w.bOrder}`);
const rowPhone = () => `7${String(process.pid % 1000).padStart(3, '0')}${String(seq++).padStart(6, '0')}`;

const ROWS: Row[] = [
  // Public: the same answer for everyone.
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/home', request: () => ({ url: '/api/home' }), expect: all(200) },
  { route: 'GET /api/products', request: () => ({ url: '/api/products?category=women-watch' }), expect: all(200) },
  { route: 'GET /api/products/search', request: () => ({ url: '/api/products/search?q=seiko' }), expect: all(200) },
  { route: 'GET /api/products/latest', request: () => ({ url: '/api/products/latest' }), expect: all(200) },
  { route: 'GET /api/products/counts', request: () => ({ url: '/api/products/counts' }), expect: all(200) },
  { route: 'GET /api/products/:id', request: (w) => ({ url: `/api/products/${w.product}` }), expect: all(200) },
  {
    route: 'GET /api/products/:id/related',
    request: (w) => ({ url: `/api/products/${w.product}/related` }),
    expect: all(200),
  },
  {
    route: 'POST /api/products/:id/views',
    request: (w) => ({ url: `/api/products/${w.product}/views`, payload: {} }),
    expect: all(200),
  },
  { route: 'GET /api/session', request: () => ({ url: '/api/session' }), expect: all(200) },
  {
    route: 'POST /api/cart/quote',
    request: (w) => ({ url: '/api/cart/quote', payload: { lines: [{ id: w.product, quantity: 1 }] } }),
    expect: all(200),
  },
  {
    route: 'POST /api/leads/whatsapp-click',
    request: (w) => ({ url: '/api/leads/whatsapp-click', payload: { productId: w.product } }),
    expect: all(204),
  },
  {
    route: 'POST /api/complaints',
    request: () => ({
      url: '/api/complaints',
      payload: { name: 'Meera Iyer', phone: rowPhone(), message: 'My watch stopped after two days.' },
    }),
    expect: all(201),
  },
  // "Notify me" is open to anyone; the world's watch is in stock, so everyone is told it can be ordered now.
  {
    route: 'POST /api/back-in-stock',
    request: (w) => ({ url: '/api/back-in-stock', payload: { productId: w.product, contact: 'meera@example.com' } }),
    expect: all(409),
  },
  // A password link names its shopper: whoever holds it may use it, logged in or not (docs/product.md#account-rights).
  {
    route: 'GET /api/password-resets/:token',
    request: () => ({ url: `/api/password-resets/${bResetToken}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/password-resets/:token',
    request: () => ({
      url: `/api/password-resets/${UNKNOWN_RESET_TOKEN}`,
      payload: { password: 'river-stone-lantern' },
    }),
    expect: all(404),
  },
  // Accounts: open to everyone (a logged-in shopper may sign up or log in again).
  {
    route: 'POST /api/signup',
    request: () => ({ url: '/api/signup', payload: signupBody({ number: rowPhone() }) }),
    expect: all(201),
  },
  {
    route: 'POST /api/login',
    request: (w) => ({ url: '/api/login', payload: { number: w.a.number, password: SHOPPER_PASSWORD } }),
    expect: all(200),
  },
  { route: 'POST /api/logout', request: () => ({ url: '/api/logout', payload: {} }), expect: all(204) },
  {
    route: 'POST /api/admin/login',
    request: (w) => ({ url: '/api/admin/login', payload: { username: w.admin.username, password: w.admin.password } }),
    expect: all(200),
  },
  { route: 'POST /api/admin/logout', request: () => ({ url: '/api/admin/logout', payload: {} }), expect: all(204) },
  // The shopper's own things: never an id of theirs in the URL, so A reaches only A's.
  { route: 'GET /api/profile', request: () => ({ url: '/api/profile' }), expect: shopper(200) },
  {
    route: 'PUT /api/profile',
    request: (w, role) => ({
      url: '/api/profile',
      payload: {
        name: role === 'shopperB' ? 'Bela B' : 'Asha A',
        number: role === 'shopperB' ? w.b.number : w.a.number,
        email: 'me@example.in',
        addresses: [ADDRESS],
      },
    }),
    expect: shopper(200),
  },
  {
    route: 'POST /api/profile/addresses',
    request: () => ({ url: '/api/profile/addresses', payload: { address: ADDRESS } }),
    expect: shopper(200),
  },
  {
    // A wrong current password: the shopper reaches the route (400) and no password changes.
    route: 'PUT /api/account/password',
    request: () => ({
      url: '/api/account/password',
      payload: { currentPassword: 'not-the-password', newPassword: 'another-long-password-2' },
    }),
    expect: shopper(400),
  },
  { route: 'GET /api/account/export', request: () => ({ url: '/api/account/export' }), expect: shopper(200) },
  {
    // A wrong password: the shopper reaches the route (400) and no account is deleted.
    route: 'POST /api/account/delete',
    request: () => ({ url: '/api/account/delete', payload: { password: 'not-the-password' } }),
    expect: shopper(400),
  },
  { route: 'GET /api/cart', request: () => ({ url: '/api/cart' }), expect: shopper(200) },
  {
    route: 'POST /api/cart/items',
    request: (w) => ({ url: '/api/cart/items', payload: { productId: w.product } }),
    expect: shopper(200),
  },
  {
    route: 'PUT /api/cart/items/:productId',
    request: (w) => ({ url: `/api/cart/items/${w.bCartProduct}`, payload: { quantity: 3 } }),
    expect: shopper(404, 200),
  },
  {
    route: 'POST /api/cart/merge',
    request: (w) => ({ url: '/api/cart/merge', payload: { lines: [{ id: w.product, quantity: 1 }] } }),
    expect: shopper(200),
  },
  {
    route: 'POST /api/orders',
    request: (w) => ({
      url: '/api/orders',
      payload: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: w.product, quantity: 1 }] },
    }),
    expect: shopper(201),
  },
  { route: 'GET /api/orders', request: () => ({ url: '/api/orders?view=all' }), expect: shopper(200) },
  // Orders are named by their number, which is easy to guess (TSW-10427, TSW-10428…): only the owner reaches one.
  {
    route: 'GET /api/orders/:orderNumber',
    request: (w) => ({ url: `/api/orders/${w.bOrder}` }),
    expect: shopper(404, 200),
  },
  {
    route: 'GET /api/orders/:orderNumber/advance-qr.svg',
    request: (w) => ({ url: `/api/orders/${w.bOrder}/advance-qr.svg` }),
    expect: shopper(404, 200),
  },
  {
    // B sends the advance's UPI reference for B's order; A's attempt is a 404 that stores nothing (checked below).
    route: 'POST /api/orders/:orderNumber/advance',
    request: (w) => ({ url: `/api/orders/${w.bOrder}/advance`, payload: { utr: B_UTR } }),
    expect: shopper(404, 200),
  },
  {
    route: 'GET /api/orders/:orderNumber/invoice.pdf',
    request: () => ({ url: `/api/orders/${bInvoiced}/invoice.pdf` }),
    expect: shopper(404, 200),
  },
  // Last of B's rows, as it empties B's cart line.
  {
    route: 'DELETE /api/cart/items/:productId',
    request: (w) => ({ url: `/api/cart/items/${w.bCartProduct}` }),
    expect: shopper(404, 200),
  },
  // The back office.
  { route: 'GET /api/admin/me', request: () => ({ url: '/api/admin/me' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/products', request: () => ({ url: '/api/admin/products' }), expect: adminOnly(200) },
  {
    route: 'GET /api/admin/products/:id',
    request: (w) => ({ url: `/api/admin/products/${w.product}` }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/products',
    request: () => ({ url: '/api/admin/products', payload: validProduct }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /api/admin/products/:id',
    request: (w) => ({
      url: `/api/admin/products/${w.product}`,
      payload: { name: 'Seiko Presage', category: 'women watch', price: 9000, discountPrice: 8000 },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'PATCH /api/admin/products/:id/stock',
    request: (w) => ({ url: `/api/admin/products/${w.product}/stock`, payload: { inStock: true } }),
    expect: adminOnly(200),
  },
  {
    // An id that does not exist: the admin's 404 proves the route was reached without deleting the cast's product.
    route: 'DELETE /api/admin/products/:id',
    request: () => ({ url: '/api/admin/products/zzzzzzzzzzzzzzzzzzzz' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/uploads',
    request: () => ({ url: '/api/admin/uploads', multipart: true }),
    expect: adminOnly(201),
  },
  { route: 'GET /api/admin/orders', request: () => ({ url: '/api/admin/orders' }), expect: adminOnly(200) },
  {
    route: 'GET /api/admin/orders/export.csv',
    request: () => ({ url: '/api/admin/orders/export.csv' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/orders/:orderNumber',
    request: (w) => ({ url: `/api/admin/orders/${w.bOrder}` }),
    expect: adminOnly(200),
  },
  {
    // An order whose advance the admin marked received: packing it is allowed, so the admin's 200 proves the route.
    route: 'PATCH /api/admin/orders/:orderNumber/state',
    request: (w) => ({ url: `/api/admin/orders/${w.bSettledOrder}/state`, payload: { state: 'packed' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/orders/:orderNumber/advance',
    request: (w) => ({ url: `/api/admin/orders/${w.bOrder}/advance`, payload: { action: 'received', note: '' } }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/orders/:orderNumber/invoice.pdf',
    request: () => ({ url: `/api/admin/orders/${bInvoiced}/invoice.pdf` }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/orders/:orderNumber/label.pdf',
    request: () => ({ url: `/api/admin/orders/${bInvoiced}/label.pdf` }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/orders/labels.pdf',
    request: (w) => ({ url: `/api/admin/orders/labels.pdf?numbers=${bInvoiced},${w.bSettledOrder}` }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/stats', request: () => ({ url: '/api/admin/stats' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/admins', request: () => ({ url: '/api/admin/admins' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/admins',
    request: () => ({
      url: '/api/admin/admins',
      payload: { username: `helper${unique()}`, password: 'a-long-new-password-1' },
    }),
    expect: adminOnly(201),
  },
  {
    // A wrong current password: the admin reaches the route (400) and nobody's password changes.
    route: 'PUT /api/admin/password',
    request: () => ({
      url: '/api/admin/password',
      payload: { currentPassword: 'not-the-password', newPassword: 'another-long-password-2' },
    }),
    expect: adminOnly(400),
  },
  { route: 'GET /api/admin/leads', request: () => ({ url: '/api/admin/leads' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/complaints', request: () => ({ url: '/api/admin/complaints' }), expect: adminOnly(200) },
  {
    // A ticket that does not exist: the admin's 404 proves the route was reached without answering anyone's.
    route: 'POST /api/admin/complaints/:ticket/answer',
    request: () => ({ url: '/api/admin/complaints/C-999999/answer', payload: { note: '' } }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/admin/shoppers',
    request: (w) => ({ url: `/api/admin/shoppers?phone=${w.a.number}` }),
    expect: adminOnly(200),
  },
  {
    // For A: B's link, read above, stays live.
    route: 'POST /api/admin/shoppers/:id/reset-link',
    request: (w) => ({ url: `/api/admin/shoppers/${w.a.id}/reset-link`, payload: {} }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/admin/leads',
    request: () => ({
      url: '/api/admin/leads',
      payload: { platform: 'amazon', customer: 'Ravi', productName: 'Seiko Presage', quantity: 1 },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/admin/leads/import',
    request: () => ({
      url: '/api/admin/leads/import',
      payload: { csv: 'platform,customer,phone,productId,productName,quantity,date\namazon,Ravi,,,Seiko Presage,1,\n' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/leads/export.csv',
    request: () => ({ url: '/api/admin/leads/export.csv' }),
    expect: adminOnly(200),
  },
  {
    // A lead that does not exist: the admin's 404 proves the route was reached without ticking any.
    route: 'PUT /api/admin/leads/:id/followed-up',
    request: () => ({ url: `/api/admin/leads/${'0'.repeat(20)}/followed-up`, payload: { followedUp: true } }),
    expect: adminOnly(404),
  },
  // Shipping (docs/product.md#shipping): the pincode check and /track are public; a wrong pair at
  // /track answers like an unknown order, for everyone.
  { route: 'GET /api/delivery/:pincode', request: () => ({ url: '/api/delivery/411001' }), expect: all(200) },
  {
    route: 'GET /api/track',
    request: (w) => ({ url: `/api/track?order=${w.bOrder}&phone=9000000000` }),
    expect: all(404),
  },
  // Failed deliveries (docs/product.md#failed-deliveries): the signed link is the key, the same for
  // everyone; a forged token is every caller's 404; B's order has no failed delivery to choose for (409).
  {
    route: 'GET /api/delivery-choice/:orderNumber/:token',
    request: (w) => ({ url: `/api/delivery-choice/${w.bOrder}/${deliveryChoiceToken(w.t.config, w.bOrder)}` }),
    expect: all(200),
  },
  {
    route: 'PUT /api/delivery-choice/:orderNumber/:token',
    request: (w, role) =>
      role === 'shopperA'
        ? { url: `/api/delivery-choice/${w.bOrder}/${'A'.repeat(24)}`, payload: { action: 'return' } }
        : {
            url: `/api/delivery-choice/${w.bOrder}/${deliveryChoiceToken(w.t.config, w.bOrder)}`,
            payload: { action: 'return' },
          },
    expect: { nobody: 409, shopperA: 404, shopperB: 409, admin: 409 },
  },
  // The advance link (docs/product.md#the-advance): the signed link is the key, the same for
  // everyone; a forged token is every caller's 404, and nothing is recorded through it.
  {
    route: 'GET /api/advance-link/:orderNumber/:token',
    request: (w, role) => ({
      url: `/api/advance-link/${w.bOrder}/${role === 'shopperA' ? 'A'.repeat(24) : advanceLinkToken(w.t.config, w.bOrder)}`,
    }),
    expect: { nobody: 200, shopperA: 404, shopperB: 200, admin: 200 },
  },
  {
    // B sent its UTR above: nothing is due now, so the link draws no QR for anyone (the pay link and
    // the QR show the same amount due now: orders/advance-qr.ts).
    route: 'GET /api/advance-link/:orderNumber/:token/qr.svg',
    request: (w, role) => ({
      url: `/api/advance-link/${w.bOrder}/${role === 'shopperA' ? 'A'.repeat(24) : advanceLinkToken(w.t.config, w.bOrder)}/qr.svg`,
    }),
    expect: all(404),
  },
  {
    route: 'POST /api/advance-link/:orderNumber/:token',
    request: (w) => ({ url: `/api/advance-link/${w.bOrder}/${'A'.repeat(24)}`, payload: { utr: '123456789012' } }),
    expect: all(404),
  },
  {
    // A forged token: nothing is paid in full through it, for anyone.
    route: 'POST /api/advance-link/:orderNumber/:token/pay-in-full',
    request: (w) => ({ url: `/api/advance-link/${w.bOrder}/${'A'.repeat(24)}/pay-in-full`, payload: {} }),
    expect: all(404),
  },
  // The address link (docs/product.md "A doubtful address"): the signed link is the key, the same
  // for everyone; a forged token is every caller's 404. B's address was never marked doubtful, so
  // there is nothing to correct (409) and it stays as it is.
  {
    route: 'GET /api/address-link/:orderNumber/:token',
    request: (w, role) => ({
      url: `/api/address-link/${w.bOrder}/${role === 'shopperA' ? 'A'.repeat(24) : addressToken(w)}`,
    }),
    expect: { nobody: 200, shopperA: 404, shopperB: 200, admin: 200 },
  },
  {
    route: 'POST /api/address-link/:orderNumber/:token',
    request: (w, role) => ({
      url: `/api/address-link/${w.bOrder}/${role === 'shopperA' ? 'A'.repeat(24) : addressToken(w)}`,
      payload: { address: ADDRESS },
    }),
    expect: { nobody: 409, shopperA: 404, shopperB: 409, admin: 409 },
  },
  // The review link (docs/product.md#reviews): the signed link is the key, the same for everyone; a
  // forged token is every caller's 404. B's order is not delivered, so it cannot be reviewed (409).
  // A product's published reviews are public.
  {
    route: 'GET /api/review-link/:orderNumber/:token',
    request: (w, role) => ({
      url: `/api/review-link/${w.bOrder}/${role === 'shopperA' ? 'A'.repeat(24) : reviewToken(w)}`,
    }),
    expect: { nobody: 409, shopperA: 404, shopperB: 409, admin: 409 },
  },
  {
    route: 'GET /api/products/:id/reviews',
    request: (w) => ({ url: `/api/products/${w.product}/reviews` }),
    expect: all(200),
  },
  {
    route: 'GET /api/admin/failed-deliveries',
    request: () => ({ url: '/api/admin/failed-deliveries' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/failed-deliveries/:orderNumber/send',
    request: (w) => ({ url: `/api/admin/failed-deliveries/${w.bSettledOrder}/send` }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/admin/orders/:orderNumber/shipment',
    request: (w) => ({ url: `/api/admin/orders/${w.bSettledOrder}/shipment` }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/orders/:orderNumber/shipment',
    request: (w) => ({
      url: `/api/admin/orders/${w.bSettledOrder}/shipment`,
      payload: { courierName: 'Delhivery', awb: `AWB${unique()}` },
    }),
    expect: adminOnly(200),
  },
  {
    // After the row above: the parcel has its AWB, so the owner may set its step by hand.
    route: 'POST /api/admin/orders/:orderNumber/shipment/step',
    request: (w) => ({ url: `/api/admin/orders/${w.bSettledOrder}/shipment/step`, payload: { step: 'in_transit' } }),
    expect: adminOnly(200),
  },
  {
    // The parcel is in transit, not back at the shop: the owner is told so, and nothing changes.
    route: 'POST /api/admin/orders/:orderNumber/shipment/received-back',
    request: (w) => ({ url: `/api/admin/orders/${w.bSettledOrder}/shipment/received-back` }),
    expect: adminOnly(409),
  },
  { route: 'GET /api/admin/courier', request: () => ({ url: '/api/admin/courier' }), expect: adminOnly(200) },
  {
    // The manual courier books nothing: the owner's answer says so per order.
    route: 'POST /api/admin/orders/book-courier',
    request: (w) => ({ url: '/api/admin/orders/book-courier', payload: { orderNumbers: [w.bSettledOrder] } }),
    expect: adminOnly(409),
  },
  // Credit notes: B's invoiced order was not cancelled, so it has none; A cannot learn that either.
  {
    route: 'GET /api/orders/:orderNumber/credit-note.pdf',
    request: () => ({ url: `/api/orders/${bInvoiced}/credit-note.pdf` }),
    expect: shopper(404, 404),
  },
  {
    route: 'GET /api/admin/orders/:orderNumber/credit-note.pdf',
    request: () => ({ url: `/api/admin/orders/${bInvoiced}/credit-note.pdf` }),
    expect: adminOnly(404),
  },
  // The books. The matrix's shop has no GSTIN: GSTR-1 is refused with the reason, after the guard.
  {
    route: 'GET /api/admin/books/gstr1',
    request: () => ({ url: '/api/admin/books/gstr1?period=2026-11' }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/admin/books/gstr1.json',
    request: () => ({ url: '/api/admin/books/gstr1.json?period=2026-11' }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/admin/books/gstr1.csv',
    request: () => ({ url: '/api/admin/books/gstr1.csv?period=2026-11&section=b2cs' }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/admin/books/signature',
    request: () => ({ url: '/api/admin/books/signature' }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/books/signature',
    request: () => ({ url: '/api/admin/books/signature', payload: { imageId: null } }),
    expect: adminOnly(200),
  },
  {
    // The matrix's upload is a picture in the field "images": refused by the handler, after the guard.
    route: 'POST /api/admin/books/statements',
    request: () => ({ url: '/api/admin/books/statements', multipart: true }),
    expect: adminOnly(400),
  },
  {
    route: 'PUT /api/admin/books/statement-layouts',
    request: () => ({
      url: '/api/admin/books/statement-layouts',
      payload: {
        header: ['Value Date', 'Details', 'Cheque', 'Paid In'],
        date: 'Value Date',
        narration: 'Details',
        credit: 'Paid In',
        reference: 'Cheque',
      },
    }),
    expect: adminOnly(204),
  },
  {
    route: 'PUT /api/admin/books/remittance-layouts',
    request: () => ({
      url: '/api/admin/books/remittance-layouts',
      payload: {
        header: ['Waybill', 'Paid Out', 'Bank Txn'],
        awb: 'Waybill',
        remitted: 'Paid Out',
        reference: 'Bank Txn',
      },
    }),
    expect: adminOnly(204),
  },
  {
    // The matrix's upload is a picture in the field "images": refused by the handler, after the guard.
    route: 'POST /api/admin/books/remittances',
    request: () => ({ url: '/api/admin/books/remittances', multipart: true }),
    expect: adminOnly(400),
  },
  {
    route: 'GET /api/admin/books/cod-cash',
    request: () => ({ url: '/api/admin/books/cod-cash' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/books/money',
    request: () => ({ url: '/api/admin/books/money?from=2026-11-01&to=2026-11-30' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/books/money.csv',
    request: () => ({ url: '/api/admin/books/money.csv?from=2026-11-01&to=2026-11-30' }),
    expect: adminOnly(200),
  },
  // WhatsApp preferences: the shopper's own.
  { route: 'GET /api/profile/messages', request: () => ({ url: '/api/profile/messages' }), expect: shopper(200) },
  {
    route: 'PUT /api/profile/messages',
    request: () => ({
      url: '/api/profile/messages',
      payload: { whatsappUpdates: false, offers: false, language: 'en' },
    }),
    expect: shopper(200),
  },
  // The account's own proof code (docs/whatsapp.md#numbers-proven-first): 404 for shoppers here,
  // where the world has no WhatsApp set up; never anyone else's.
  {
    route: 'POST /api/profile/messages/proof',
    request: () => ({ url: '/api/profile/messages/proof' }),
    expect: shopper(404),
  },
  // After-sales (docs/product.md#after-sales): B's orders are not delivered, so there is nothing to
  // ask; A cannot learn even that.
  {
    route: 'GET /api/orders/:orderNumber/after-sales',
    request: (w) => ({ url: `/api/orders/${w.bOrder}/after-sales` }),
    expect: shopper(404, 200),
  },
  {
    route: 'POST /api/orders/:orderNumber/after-sales',
    request: (w) => ({
      url: `/api/orders/${w.bOrder}/after-sales`,
      payload: {
        lineNo: 1,
        kind: 'exchange',
        reason: 'The strap is too small for me.',
        wantedProductId: w.product,
        photos: [],
      },
    }),
    expect: shopper(404, 409),
  },
  {
    route: 'POST /api/orders/:orderNumber/after-sales/photos',
    request: (w) => ({ url: `/api/orders/${w.bOrder}/after-sales/photos`, multipart: true }),
    expect: shopper(404, 404),
  },
  {
    // B sent the advance's reference above: B is told the order cannot switch now, and nothing changes.
    route: 'POST /api/orders/:orderNumber/pay-in-full',
    request: (w) => ({ url: `/api/orders/${w.bOrder}/pay-in-full`, payload: {} }),
    expect: shopper(404, 409),
  },
  // The owner's after-sales queue: a request that does not exist is the admin's 404.
  { route: 'GET /api/admin/after-sales', request: () => ({ url: '/api/admin/after-sales' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/after-sales/:requestNumber/decision',
    request: () => ({
      url: '/api/admin/after-sales/AS-999999/decision',
      payload: { decision: 'refuse', note: 'The watch was worn for a month.' },
    }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/after-sales/:requestNumber/return-step',
    request: () => ({ url: '/api/admin/after-sales/AS-999999/return-step', payload: { step: 'in_transit' } }),
    expect: adminOnly(404),
  },
  {
    // The matrix's upload is a picture in the field "images": refused by the handler, after the guard.
    route: 'POST /api/admin/after-sales/:requestNumber/photos',
    request: () => ({ url: '/api/admin/after-sales/AS-999999/photos', multipart: true }),
    expect: adminOnly(400),
  },
  {
    route: 'POST /api/admin/after-sales/:requestNumber/check',
    request: () => ({
      url: '/api/admin/after-sales/AS-999999/check',
      payload: { passed: true, note: '', photos: [] },
    }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/after-sales/:requestNumber/finish',
    request: () => ({ url: '/api/admin/after-sales/AS-999999/finish', payload: { outcome: 'refund' } }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/after-sales/:requestNumber/refund',
    request: () => ({
      url: '/api/admin/after-sales/AS-999999/refund',
      payload: { amount: '100', reference: 'UTR123456', paidOn: '2026-11-01' },
    }),
    expect: adminOnly(404),
  },
  // Settlements and the doubtful address, on an order that does not exist.
  {
    route: 'POST /api/admin/orders/:orderNumber/refunds',
    request: () => ({
      url: `/api/admin/orders/${MISSING_ORDER}/refunds`,
      payload: { amount: '100', reference: 'UTR123456', paidOn: '2026-11-01', reason: 'goodwill' },
    }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/orders/:orderNumber/advance-kept',
    request: () => ({
      url: `/api/admin/orders/${MISSING_ORDER}/advance-kept`,
      payload: { reason: 'refused-at-door' },
    }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/orders/:orderNumber/address-doubt',
    request: () => ({
      url: `/api/admin/orders/${MISSING_ORDER}/address-doubt`,
      payload: { note: 'The courier cannot find this lane.' },
    }),
    expect: adminOnly(404),
  },
  {
    route: 'DELETE /api/admin/orders/:orderNumber/address-doubt',
    request: () => ({ url: `/api/admin/orders/${MISSING_ORDER}/address-doubt` }),
    expect: adminOnly(404),
  },
  // COD rules: saving the default rules again changes no order's answer.
  { route: 'GET /api/admin/cod-rules', request: () => ({ url: '/api/admin/cod-rules' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/cod-rules',
    request: () => ({ url: '/api/admin/cod-rules', payload: DEFAULT_COD_RULES }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/cod-rules/report',
    request: () => ({ url: '/api/admin/cod-rules/report?from=2026-11-01&to=2026-11-30' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/cod-rules/report.csv',
    request: () => ({ url: '/api/admin/cod-rules/report.csv?from=2026-11-01&to=2026-11-30' }),
    expect: adminOnly(200),
  },
  // The WhatsApp inbox: a number nobody wrote from, a message that does not exist: the admin's 404.
  { route: 'GET /api/admin/inbox', request: () => ({ url: '/api/admin/inbox' }), expect: adminOnly(200) },
  {
    route: 'GET /api/admin/inbox/:phone',
    request: () => ({ url: '/api/admin/inbox/919999999999' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/inbox/:phone/reply',
    request: () => ({ url: '/api/admin/inbox/919999999999/reply', payload: { text: 'Your watch ships today.' } }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/inbox/:phone/replying',
    request: () => ({ url: '/api/admin/inbox/919999999999/replying' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/inbox/:phone/done',
    request: () => ({ url: '/api/admin/inbox/919999999999/done' }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/admin/inbox-media/:messageId',
    request: () => ({ url: '/api/admin/inbox-media/no-such-message' }),
    expect: adminOnly(404),
  },
  // The reviews queue: a review that does not exist is the admin's 404.
  { route: 'GET /api/admin/reviews', request: () => ({ url: '/api/admin/reviews' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/reviews/:id/publish',
    request: () => ({ url: `/api/admin/reviews/${'0'.repeat(20)}/publish` }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/reviews/:id/reject',
    request: () => ({ url: `/api/admin/reviews/${'0'.repeat(20)}/reject`, payload: { reason: 'abuse' } }),
    expect: adminOnly(404),
  },
  {
    route: 'PUT /api/admin/reviews/:id/reply',
    request: () => ({ url: `/api/admin/reviews/${'0'.repeat(20)}/reply`, payload: { reply: 'Thank you!' } }),
    expect: adminOnly(404),
  },
];

describe.each(TEST_DIALECTS)('on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ dialect });
    bInvoiced = await placeOrder(w.t, w.b.cookie, w.product);
    await settleAdvance(w.t, w.admin.cookie, bInvoiced, 'received');
    const dispatched = await w.t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${bInvoiced}/state`,
      headers: { cookie: w.admin.cookie },
      payload: { state: 'dispatched' },
    });
    if (dispatched.statusCode !== 200) throw new Error(`dispatch failed: ${dispatched.body}`);
    bResetToken = (await makeResetLink(w.t.app.db, w.b.id, w.admin.id)).token;
  });
  afterAll(() => w.t.close());

  const orderRow = (number: string) =>
    w.t.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

  async function send(row: Row, role: Role) {
    const { url, payload, multipart: isUpload } = row.request(w, role);
    const method = row.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const cookie = w.cookieOf(role);
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (isUpload) {
      const body = multipart([{ name: 'watch.png', data: await pngImage() }]);
      return w.t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
    }
    return w.t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  }

  describe('the authorization matrix', () => {
    it('has a row for every API route the app serves, and the OpenAPI document lists them all', () => {
      const served = routerApiRoutes(w.t.app);
      const documented = documentedRoutes(w.t.app).map((r) => r.key);
      const rows = ROWS.map((r) => r.route);
      expect(new Set(rows).size).toBe(rows.length);
      expect(
        served.filter((r) => !rows.includes(r)),
        'routes without a row in the matrix',
      ).toEqual([]);
      expect(
        rows.filter((r) => !served.includes(r)),
        'rows for routes that no longer exist',
      ).toEqual([]);
      expect([...documented].sort()).toEqual(served);
      // The router's listing is read from its printed tree: make sure it sees nested routes such as the advance's.
      expect(served).toEqual(
        expect.arrayContaining([
          'GET /api/orders/:orderNumber/advance-qr.svg',
          'POST /api/orders/:orderNumber/advance',
          'POST /api/admin/orders/:orderNumber/advance',
          'PATCH /api/admin/orders/:orderNumber/state',
        ]),
      );
      console.log(
        `authorization matrix: ${rows.length} routes x ${ROLES.length} roles = ${rows.length * ROLES.length} checks`,
      );
    });

    // '%s' with the route itself: '$route' would shorten long routes in the test's name.
    it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
      for (const role of ROLES) {
        const res = await send(row, role);
        // A row may end a session on purpose (log out, log in again); the next role starts from the same cast.
        await w.restoreSessions();
        expect(res.statusCode, `${row.route} as ${role}: ${res.body.slice(0, 200)}`).toBe(row.expect[role]);
        if (res.statusCode >= 400) expect(errorMessageOf(res.body), `${row.route} as ${role}`).not.toBeNull();
        // Whatever needs a session is someone's own data: no browser or proxy may keep it (issue 15).
        if (row.route.startsWith('GET ') && row.expect.nobody === 401 && res.statusCode === 200) {
          expect(res.headers['cache-control'], `${row.route} as ${role}`).toBe('no-store');
        }
        if (
          row.route.includes('/api/admin/') &&
          role !== 'admin' &&
          !row.route.endsWith('/login') &&
          !row.route.endsWith('/logout')
        ) {
          // Nothing about the back office leaks to a non-admin beyond the refusal.
          expect(Object.keys(JSON.parse(res.body))).toEqual(['error']);
        }
      }
    });
  });

  describe('one shopper cannot reach another’s things', () => {
    it('A reads only A’s profile, cart and orders, and B’s are unchanged after A’s attempts', async () => {
      const as = (cookie: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
        w.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const bBefore = {
        profile: (await as(w.b.cookie, 'GET', '/api/profile')).json(),
        cart: (await as(w.b.cookie, 'GET', '/api/cart')).json(),
        orders: (await as(w.b.cookie, 'GET', '/api/orders?view=all')).json(),
      };
      const bLine = await as(w.b.cookie, 'POST', '/api/cart/items', { productId: w.bCartProduct });
      expect(bLine.statusCode).toBe(200);

      // A's attempts on B's things, by every id A could learn: B's user id, order number and cart line.
      expect((await as(w.a.cookie, 'GET', `/api/orders/${w.bOrder}`)).statusCode).toBe(404);
      expect((await as(w.a.cookie, 'GET', `/api/orders/${w.bOrder}/advance-qr.svg`)).statusCode).toBe(404);
      expect((await as(w.a.cookie, 'PUT', `/api/cart/items/${w.bCartProduct}`, { quantity: 9 })).statusCode).toBe(404);
      expect((await as(w.a.cookie, 'DELETE', `/api/cart/items/${w.bCartProduct}`)).statusCode).toBe(404);
      for (const url of [`/api/profile/${w.b.id}`, `/api/cart/${w.b.id}`, `/api/users/${w.b.id}`]) {
        expect((await as(w.a.cookie, 'GET', url)).statusCode, url).toBe(404);
      }
      // Internal ids are no key at all: B's user id or B's order's internal id is not an order number (400).
      const bInternal = await orderRow(w.bOrder);
      for (const url of [
        `/api/orders/${w.b.id}`,
        `/api/orders/${bInternal.id}`,
        `/api/orders/${bInternal.id}/advance-qr.svg`,
      ]) {
        const res = await as(w.a.cookie, 'GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(errorMessageOf(res.body), url).toBe(ORDER_NOT_FOUND);
      }
      // Ids in the body or query are ignored: A's own profile answers, never B's.
      const aProfile = await as(w.a.cookie, 'GET', `/api/profile?userId=${w.b.id}&id=${w.b.id}`);
      expect(aProfile.json().user.id).toBe(w.a.id);
      const aOrders = await as(w.a.cookie, 'GET', `/api/orders?view=all&userId=${w.b.id}`);
      expect(aOrders.statusCode).toBe(200);
      const aNumbers: string[] = aOrders.json().orders.map((o: { number: string }) => o.number);
      expect(aNumbers).toContain(w.aOrder);
      const bNumbers: string[] = bBefore.orders.orders.map((o: { number: string }) => o.number);
      expect(bNumbers).toEqual(expect.arrayContaining([w.bOrder, w.bSettledOrder]));
      expect(aNumbers.filter((n) => bNumbers.includes(n))).toEqual([]);
      const aCart = await as(w.a.cookie, 'GET', '/api/cart');
      expect(aCart.json().lines.map((l: { productId: string }) => l.productId)).not.toContain(w.bCartProduct);
      const aProfilePut = await as(w.a.cookie, 'PUT', '/api/profile', {
        id: w.b.id,
        userId: w.b.id,
        name: 'Asha A',
        number: w.b.number,
        email: 'a@example.in',
        addresses: [ADDRESS],
      });
      expect(aProfilePut.statusCode, 'A cannot take B’s number').toBe(409);

      const bAfter = {
        profile: (await as(w.b.cookie, 'GET', '/api/profile')).json(),
        orders: (await as(w.b.cookie, 'GET', '/api/orders?view=all')).json(),
      };
      expect(bAfter).toEqual({ profile: bBefore.profile, orders: bBefore.orders });
      const bCart = (await as(w.b.cookie, 'GET', '/api/cart')).json();
      expect(bCart.lines).toEqual(bLine.json().lines);
      expect(bBefore.cart.lines.length).toBeLessThanOrEqual(bCart.lines.length);
    });

    it('A’s advance reference and QR requests on B’s order get the answer of a missing order, and store nothing', async () => {
      const bOrder = await placeOrder(w.t, w.b.cookie, w.product);
      const missing = 'TSW-999999';
      const utr = newUtr();
      const send = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
        w.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
      const bView = async () => (await send(w.b.cookie, 'GET', `/api/orders/${bOrder}`)).json();
      const traces = async () => {
        const row = await orderRow(bOrder);
        const events = await w.t.app.db.selectFrom('order_events').selectAll().where('order_id', '=', row.id).execute();
        const mails = await w.t.app.db.selectFrom('outbox').select('kind').where('order_id', '=', row.id).execute();
        const utrHolders = await w.t.app.db.selectFrom('orders').select('id').where('advance_utr', '=', utr).execute();
        return { row, events, mails, utrHolders };
      };
      const before = { view: await bView(), traces: await traces() };
      expect(before.traces.row.advance_state).toBe('awaiting');

      // Order numbers are easy to guess, so B's order must answer A exactly as an order that does not exist.
      for (const [method, path, payload] of [
        ['POST', '/advance', { utr }],
        ['GET', '/advance-qr.svg', undefined],
        ['GET', '/invoice.pdf', undefined],
        ['GET', '', undefined],
      ] as const) {
        const theirs = await send(w.a.cookie, method, `/api/orders/${bOrder}${path}`, payload);
        const none = await send(w.a.cookie, method, `/api/orders/${missing}${path}`, payload);
        expect(theirs.statusCode, `${method} ${path}`).toBe(404);
        expect(theirs.body, `${method} ${path}`).toBe(none.body);
        expect(errorMessageOf(theirs.body)).toBe(ORDER_NOT_FOUND);
        // Nobody and the admin's session (not a shopper's) are turned away before any order is looked up.
        for (const cookie of [null, w.admin.cookie]) {
          expect((await send(cookie, method, `/api/orders/${bOrder}${path}`, payload)).statusCode).toBe(401);
        }
      }
      // An id or owner in the body changes nothing either.
      const smuggled = await send(w.a.cookie, 'POST', `/api/orders/${w.aOrder}/advance`, {
        utr: newUtr(),
        orderNumber: bOrder,
        number: bOrder,
        userId: w.b.id,
      });
      expect(smuggled.statusCode).toBe(200);
      expect(smuggled.json().order.number).toBe(w.aOrder);

      expect({ view: await bView(), traces: await traces() }).toEqual(before);
      expect(before.traces.utrHolders).toEqual([]);
      // The reference A tried was never stored anywhere: B may still send it for B's own order.
      const own = await send(w.b.cookie, 'POST', `/api/orders/${bOrder}/advance`, { utr });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().order.advance).toMatchObject({ state: 'submitted', utr });
    });
  });
});
