/**
 * Test support for the admin API: a logged-in admin, a signed-up shopper, a
 * product, a placed order, and multipart bodies, all through the real app.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createAdmin } from '../admin/first-admin.ts';
import type { Db } from '../db/tables.ts';
import { cookiesFrom, type TestApp } from './app.ts';
import { testClientAddress } from './shoppers.ts';

let seq = 0;
const unique = () => `${Date.now() % 1_000_000}${String(seq++).padStart(3, '0')}`;

export async function adminCookie(
  t: TestApp,
  username = `boss${unique()}`,
  password = 'boss-password-12',
): Promise<string> {
  await createAdmin(t.app.db, username, password);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return cookiesFrom(res);
}

export async function shopper(t: TestApp): Promise<{ cookie: string; phone: string; id: string }> {
  const phone = `9${unique().padStart(9, '0').slice(-9)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: testClientAddress(),
    payload: {
      name: 'Asha Shopper',
      number: phone,
      email: 'asha@example.in',
      address: '12, Sea View, near Church, Mumbai - 400001, Maharashtra',
      password: 'shopper-pass',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  return { cookie: cookiesFrom(res), phone, id: res.json().user.id };
}

export async function pngImage(width = 64, height = 48, color = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function uploadedImageId(t: TestApp, cookie: string, color = { r: 10, g: 120, b: 200 }): Promise<string> {
  const body = multipart([{ name: 'watch.png', data: await pngImage(64, 48, color) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return res.json().images[0].id;
}

/** A multipart/form-data body with `files` under `field`. */
export function multipart(files: Array<{ name: string; data: Buffer; type?: string; field?: string }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const validProduct = {
  name: 'Rolex Submariner Date',
  brand: 'Rolex',
  category: 'men watch',
  price: 25000,
  discountPrice: 19999,
  description: 'A diver’s watch with a ceramic bezel.',
};

export async function createProduct(
  t: TestApp,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: { cookie },
    payload: { ...validProduct, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().product.id;
}

/** The shopper orders one product through the real orders API; returns the order number. */
export async function placeOrder(
  t: TestApp,
  cookie: string,
  productId: string,
  quantity = 1,
  /** More of the order's body, e.g. `{ payInFull: true }`. */
  more: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: {
      address: '12, Sea View, near Church, Mumbai - 400001, Maharashtra',
      idempotencyKey: randomUUID(),
      lines: [{ productId, quantity }],
      ...more,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
  return res.json().order.number;
}

/** The owner records a finding on the order's advance (received, refused or waived). */
export async function settleAdvance(t: TestApp, cookie: string, orderNumber: string, action = 'received', note = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNumber}/advance`,
    headers: { cookie },
    payload: { action, note },
  });
  if (res.statusCode !== 200) throw new Error(`advance ${action} failed: ${res.body}`);
  return res;
}

/** The settlements recorded for an order (settlements/: refunds and an advance kept), oldest first. */
export function settlementRowsOf(db: Db, orderNumber: string) {
  return db
    .selectFrom('settlements')
    .innerJoin('orders', 'orders.id', 'settlements.order_id')
    .select(['settlements.kind', 'settlements.amount_paise', 'settlements.reference'])
    .where('orders.number', '=', orderNumber)
    .orderBy('settlements.created_at')
    .execute();
}
