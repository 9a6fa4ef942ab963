/**
 * The cast of the security tests on one real app: nobody, shopper A (with an
 * order), shopper B (with a cart line and two orders: one whose advance is still
 * awaited, one whose advance the owner marked received) and an admin, plus
 * products. The shop has a UPI id, so orders offer the advance's QR code.
 * Everything is created through the real API, except that sessions a test
 * ends on purpose (log out, log in again) can be put back cheaply.
 */

import { hashToken } from '../../../src/server/auth/sessions.ts';
import type { Dialect } from '../../../src/server/db/database.ts';
import { nowIso } from '../../../src/server/db/ids.ts';
import { adminCookie, createProduct, placeOrder, settleAdvance } from '../../../src/server/test-support/admin.ts';
import { createTestApp, type TestApp } from '../../../src/server/test-support/app.ts';
import { PASSWORD, type Shopper, signUp } from '../../../src/server/test-support/shoppers.ts';

export type Role = 'nobody' | 'shopperA' | 'shopperB' | 'admin';
export const ROLES: Role[] = ['nobody', 'shopperA', 'shopperB', 'admin'];

export interface Identity {
  cookie: string;
  kind: 'user' | 'admin';
  subjectId: string;
}

export interface World {
  t: TestApp;
  a: Shopper;
  b: Shopper;
  admin: { username: string; password: string; cookie: string; id: string };
  /** An in-stock product anyone may see and buy. */
  product: string;
  /** A second product, only ever in B's cart. */
  bCartProduct: string;
  /** A's order, by its number (TSW-10427): orders are named by their number in every URL. */
  aOrder: string;
  /** B's order, by its number; its advance is awaited. */
  bOrder: string;
  /** B's other order, whose advance the admin marked received, so it may be packed. */
  bSettledOrder: string;
  identities: Identity[];
  cookieOf: (role: Role) => string | null;
  /** Puts back any of the cast's sessions a request ended (cheap: no password hashing). */
  restoreSessions: () => Promise<void>;
}

export const ADMIN_PASSWORD = 'security-admin-password-9';
/** The shop's merchant UPI id in the security tests' app (orders then offer a UPI link and its QR code). */
export const SHOP_UPI_ID = 'timesquare@okhdfcbank';

let utrSeq = 0;
/** A fresh 12-digit UPI reference (UTR) per call: a reference may stand on one order only. */
export function newUtr(): string {
  utrSeq += 1;
  return `9${String(process.pid % 100_000).padStart(5, '0')}${String(utrSeq).padStart(6, '0')}`;
}

export async function createWorld(options: { dialect?: Dialect; env?: Record<string, string> } = {}): Promise<World> {
  const t = await createTestApp({ ...options, env: { SHOP_UPI_ID, ...options.env } });
  const username = `sec-admin-${process.pid}`;
  const adminCookieHeader = await adminCookie(t, username, ADMIN_PASSWORD);
  const adminRow = await t.app.db
    .selectFrom('admins')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const a = await signUp(t.app, { name: 'Asha A' });
  const b = await signUp(t.app, { name: 'Bela B' });
  const product = await createProduct(t, adminCookieHeader, { name: 'Seiko Presage', category: 'women watch' });
  const bCartProduct = await createProduct(t, adminCookieHeader, { name: 'Titan Edge', category: 'women watch' });
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { cookie: b.cookie },
    payload: { productId: bCartProduct, quantity: 2 },
  });
  if (add.statusCode !== 200) throw new Error(`add to cart failed: ${add.body}`);
  const aOrder = await placeOrder(t, a.cookie, product);
  const bOrder = await placeOrder(t, b.cookie, product);
  const bSettledOrder = await placeOrder(t, b.cookie, product);
  await settleAdvance(t, adminCookieHeader, bSettledOrder, 'received');

  const cookies: Record<Role, string | null> = {
    nobody: null,
    shopperA: a.cookie,
    shopperB: b.cookie,
    admin: adminCookieHeader,
  };
  const identities: Identity[] = [
    { cookie: a.cookie, kind: 'user', subjectId: a.id },
    { cookie: b.cookie, kind: 'user', subjectId: b.id },
    { cookie: adminCookieHeader, kind: 'admin', subjectId: adminRow.id },
  ];
  const restoreSessions = async () => {
    for (const identity of identities) {
      const tokenHash = hashToken(identity.cookie.slice(identity.cookie.indexOf('=') + 1));
      const row = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (row) continue;
      const now = Date.now();
      await t.app.db
        .insertInto('sessions')
        .values({
          token_hash: tokenHash,
          kind: identity.kind,
          subject_id: identity.subjectId,
          created_at: nowIso(now),
          last_seen_at: nowIso(now),
          expires_at: nowIso(now + 3_600_000),
        })
        .execute();
    }
  };
  return {
    t,
    a,
    b,
    admin: { username, password: ADMIN_PASSWORD, cookie: adminCookieHeader, id: adminRow.id },
    product,
    bCartProduct,
    aOrder,
    bOrder,
    bSettledOrder,
    identities,
    cookieOf: (role) => cookies[role],
    restoreSessions,
  };
}

export { PASSWORD as SHOPPER_PASSWORD };

/** Asserts the API's one error shape; returns the message. */
export function errorMessageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' && message.trim() !== '' ? message : null;
  } catch {
    return null;
  }
}
