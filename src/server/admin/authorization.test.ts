/**
 * The authorization matrix: every admin endpoint answers 401 to nobody, 403 to
 * a shopper, and serves an admin. A route added later without being listed
 * here fails the completeness check at the bottom.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COD_RULES } from '../../common/cod-rules.ts';
import { adminCookie, multipart, pngImage, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';

let t: TestApp;
let admin: string;
let shopperCookie: string;
const routes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Every documented route (the OpenAPI document lists them all), in the matrix's notation.
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  for (const [path, methods] of Object.entries(paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const m of Object.keys(methods)) routes.push(`${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  admin = await adminCookie(t);
  shopperCookie = (await shopper(t)).cookie;
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  route: string;
  payload?: unknown;
  multipart?: boolean;
}

const MISSING = 'zzzzzzzzzzzzzzzzzzzz';
const calls: Call[] = [
  { method: 'GET', url: '/api/admin/me', route: '/api/admin/me' },
  { method: 'GET', url: '/api/admin/products', route: '/api/admin/products' },
  { method: 'GET', url: `/api/admin/products/${MISSING}`, route: '/api/admin/products/:id' },
  {
    method: 'POST',
    url: '/api/admin/products',
    route: '/api/admin/products',
    payload: { name: 'X', category: 'women watch' },
  },
  {
    method: 'PUT',
    url: `/api/admin/products/${MISSING}`,
    route: '/api/admin/products/:id',
    payload: { name: 'X', category: 'women watch' },
  },
  {
    method: 'PATCH',
    url: `/api/admin/products/${MISSING}/stock`,
    route: '/api/admin/products/:id/stock',
    payload: { inStock: false },
  },
  { method: 'DELETE', url: `/api/admin/products/${MISSING}`, route: '/api/admin/products/:id' },
  { method: 'POST', url: '/api/admin/uploads', route: '/api/admin/uploads', multipart: true },
  { method: 'GET', url: '/api/admin/orders', route: '/api/admin/orders' },
  { method: 'GET', url: '/api/admin/orders/export.csv', route: '/api/admin/orders/export.csv' },
  { method: 'GET', url: '/api/admin/orders/TSW-99999', route: '/api/admin/orders/:orderNumber' },
  {
    method: 'PATCH',
    url: '/api/admin/orders/TSW-99999/state',
    route: '/api/admin/orders/:orderNumber/state',
    payload: { state: 'packed' },
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/advance',
    route: '/api/admin/orders/:orderNumber/advance',
    payload: { action: 'received' },
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/address-doubt',
    route: '/api/admin/orders/:orderNumber/address-doubt',
    payload: { note: 'No house number' },
  },
  {
    method: 'DELETE',
    url: '/api/admin/orders/TSW-99999/address-doubt',
    route: '/api/admin/orders/:orderNumber/address-doubt',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/refunds',
    route: '/api/admin/orders/:orderNumber/refunds',
    payload: { amount: '300', reference: '412345678901', paidOn: '2026-11-01', reason: 'cancelled' },
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/advance-kept',
    route: '/api/admin/orders/:orderNumber/advance-kept',
    payload: { reason: 'refused-at-door' },
  },
  { method: 'GET', url: '/api/admin/stats', route: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/admins', route: '/api/admin/admins' },
  { method: 'POST', url: '/api/admin/admins', route: '/api/admin/admins', payload: { username: 'x', password: 'y' } },
  {
    method: 'PUT',
    url: '/api/admin/password',
    route: '/api/admin/password',
    payload: { currentPassword: 'a', newPassword: 'b' },
  },
  { method: 'GET', url: '/api/admin/leads', route: '/api/admin/leads' },
  { method: 'POST', url: '/api/admin/leads', route: '/api/admin/leads', payload: { platform: 'amazon' } },
  { method: 'POST', url: '/api/admin/leads/import', route: '/api/admin/leads/import', payload: { csv: 'a' } },
  { method: 'GET', url: '/api/admin/leads/export.csv', route: '/api/admin/leads/export.csv' },
  {
    method: 'PUT',
    url: `/api/admin/leads/${'0'.repeat(20)}/followed-up`,
    route: '/api/admin/leads/:id/followed-up',
    payload: { followedUp: true },
  },
  {
    method: 'GET',
    url: '/api/admin/orders/TSW-99999/invoice.pdf',
    route: '/api/admin/orders/:orderNumber/invoice.pdf',
  },
  { method: 'GET', url: '/api/admin/orders/TSW-99999/label.pdf', route: '/api/admin/orders/:orderNumber/label.pdf' },
  { method: 'GET', url: '/api/admin/orders/labels.pdf?numbers=TSW-99999', route: '/api/admin/orders/labels.pdf' },
  { method: 'GET', url: '/api/admin/complaints', route: '/api/admin/complaints' },
  {
    method: 'POST',
    url: '/api/admin/complaints/C-999999/answer',
    route: '/api/admin/complaints/:ticket/answer',
    payload: { note: '' },
  },
  // After-sales requests (docs/product.md#after-sales).
  { method: 'GET', url: '/api/admin/after-sales', route: '/api/admin/after-sales' },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/decision',
    route: '/api/admin/after-sales/:requestNumber/decision',
    payload: { decision: 'refuse', note: 'Not within the policy' },
  },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/return-step',
    route: '/api/admin/after-sales/:requestNumber/return-step',
    payload: { step: 'picked_up' },
  },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/check',
    route: '/api/admin/after-sales/:requestNumber/check',
    payload: { passed: true, note: '' },
  },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/photos',
    route: '/api/admin/after-sales/:requestNumber/photos',
    multipart: true,
  },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/finish',
    route: '/api/admin/after-sales/:requestNumber/finish',
    payload: { outcome: 'replacement' },
  },
  {
    method: 'POST',
    url: '/api/admin/after-sales/AS-999999/refund',
    route: '/api/admin/after-sales/:requestNumber/refund',
    payload: { amount: '100', reference: 'UTR123456', paidOn: '2026-11-01' },
  },
  // The REVIEWS queue (issue 38; docs/product.md#reviews).
  { method: 'GET', url: '/api/admin/reviews', route: '/api/admin/reviews' },
  { method: 'POST', url: `/api/admin/reviews/${MISSING}/publish`, route: '/api/admin/reviews/:id/publish' },
  {
    method: 'POST',
    url: `/api/admin/reviews/${MISSING}/reject`,
    route: '/api/admin/reviews/:id/reject',
    payload: { reason: 'abuse' },
  },
  {
    method: 'PUT',
    url: `/api/admin/reviews/${MISSING}/reply`,
    route: '/api/admin/reviews/:id/reply',
    payload: { reply: 'Thank you' },
  },
  { method: 'GET', url: '/api/admin/shoppers?phone=99999', route: '/api/admin/shoppers' },
  {
    method: 'POST',
    url: `/api/admin/shoppers/${MISSING}/reset-link`,
    route: '/api/admin/shoppers/:id/reset-link',
  },
  // Shipping, courier booking, credit notes and the books (issues 23 and 25).
  { method: 'GET', url: '/api/admin/courier', route: '/api/admin/courier' },
  // Failed deliveries (docs/product.md#failed-deliveries).
  { method: 'GET', url: '/api/admin/failed-deliveries', route: '/api/admin/failed-deliveries' },
  // The WhatsApp inbox (issue 37).
  { method: 'GET', url: '/api/admin/inbox', route: '/api/admin/inbox' },
  { method: 'GET', url: '/api/admin/inbox/9000000009', route: '/api/admin/inbox/:phone' },
  {
    method: 'POST',
    url: '/api/admin/inbox/9000000009/reply',
    route: '/api/admin/inbox/:phone/reply',
    payload: { text: 'hello' },
  },
  { method: 'POST', url: '/api/admin/inbox/9000000009/replying', route: '/api/admin/inbox/:phone/replying' },
  { method: 'POST', url: '/api/admin/inbox/9000000009/done', route: '/api/admin/inbox/:phone/done' },
  { method: 'GET', url: '/api/admin/inbox-media/abc', route: '/api/admin/inbox-media/:messageId' },
  {
    method: 'POST',
    url: '/api/admin/failed-deliveries/TSW-99999/send',
    route: '/api/admin/failed-deliveries/:orderNumber/send',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/book-courier',
    route: '/api/admin/orders/book-courier',
    payload: { orderNumbers: ['TSW-99999'] },
  },
  { method: 'GET', url: '/api/admin/orders/TSW-99999/shipment', route: '/api/admin/orders/:orderNumber/shipment' },
  {
    method: 'PUT',
    url: '/api/admin/orders/TSW-99999/shipment',
    route: '/api/admin/orders/:orderNumber/shipment',
    payload: { courierName: 'Delhivery', awb: 'AWB123456' },
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/shipment/step',
    route: '/api/admin/orders/:orderNumber/shipment/step',
    payload: { step: 'in_transit' },
  },
  {
    method: 'POST',
    url: '/api/admin/orders/TSW-99999/shipment/received-back',
    route: '/api/admin/orders/:orderNumber/shipment/received-back',
  },
  {
    method: 'GET',
    url: '/api/admin/orders/TSW-99999/credit-note.pdf',
    route: '/api/admin/orders/:orderNumber/credit-note.pdf',
  },
  { method: 'GET', url: '/api/admin/books/signature', route: '/api/admin/books/signature' },
  { method: 'PUT', url: '/api/admin/books/signature', route: '/api/admin/books/signature', payload: { imageId: null } },
  { method: 'GET', url: '/api/admin/books/gstr1?period=2026-11', route: '/api/admin/books/gstr1' },
  { method: 'GET', url: '/api/admin/books/gstr1.json?period=2026-11', route: '/api/admin/books/gstr1.json' },
  { method: 'GET', url: '/api/admin/books/gstr1.csv?period=2026-11&section=b2cs', route: '/api/admin/books/gstr1.csv' },
  { method: 'POST', url: '/api/admin/books/statements', route: '/api/admin/books/statements', multipart: true },
  {
    method: 'PUT',
    url: '/api/admin/books/statement-layouts',
    route: '/api/admin/books/statement-layouts',
    payload: { header: ['Date', 'Details', 'Ref', 'Credit'], date: 'Date', narration: 'Details', credit: 'Credit' },
  },
  { method: 'POST', url: '/api/admin/books/remittances', route: '/api/admin/books/remittances', multipart: true },
  {
    method: 'PUT',
    url: '/api/admin/books/remittance-layouts',
    route: '/api/admin/books/remittance-layouts',
    payload: { header: ['Waybill', 'Paid Out'], awb: 'Waybill', remitted: 'Paid Out' },
  },
  { method: 'GET', url: '/api/admin/books/cod-cash', route: '/api/admin/books/cod-cash' },
  { method: 'GET', url: '/api/admin/books/money?from=2026-11-01&to=2026-11-30', route: '/api/admin/books/money' },
  {
    method: 'GET',
    url: '/api/admin/books/money.csv?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/books/money.csv',
  },
  { method: 'GET', url: '/api/admin/cod-rules', route: '/api/admin/cod-rules' },
  { method: 'PUT', url: '/api/admin/cod-rules', route: '/api/admin/cod-rules', payload: DEFAULT_COD_RULES },
  {
    method: 'GET',
    url: '/api/admin/cod-rules/report?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/cod-rules/report',
  },
  {
    method: 'GET',
    url: '/api/admin/cod-rules/report.csv?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/cod-rules/report.csv',
  },
];

async function send(call: Call, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (call.multipart) {
    const body = multipart([{ name: 'w.png', data: await pngImage() }]);
    return t.app.inject({
      method: call.method,
      url: call.url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.payload ? { payload: call.payload as object } : {}),
  });
}

describe('every admin endpoint', () => {
  it.each(calls)('$method $route: 401 for nobody, 403 for a shopper, served for an admin', async (call) => {
    const nobody = await send(call, null);
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().error.message).toBe('Please log in as an admin');
    const asShopper = await send(call, shopperCookie);
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json().error.code).toBe('forbidden');
    const asAdmin = await send(call, admin);
    expect([401, 403]).not.toContain(asAdmin.statusCode);
    expect(asAdmin.statusCode).toBeLessThan(500);
    expect(asAdmin.headers['cache-control']).toBe('no-store');
  });

  it('is listed above (no admin route escapes the matrix)', () => {
    const listed = new Set([
      ...calls.map((c) => `${c.method} ${c.route}`),
      'POST /api/admin/login',
      'POST /api/admin/logout',
    ]);
    expect(routes.length).toBeGreaterThan(calls.length);
    expect(routes.filter((r) => !listed.has(r))).toEqual([]);
  });

  it('an admin session is not a shopper session', async () => {
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: admin } });
    expect(cart.statusCode).toBe(401);
  });
});
