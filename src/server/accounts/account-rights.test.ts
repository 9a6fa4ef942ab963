/**
 * The shopper's control of their account (docs/product.md#account-rights): changing the
 * password, downloading their data, deleting the account, through the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../common/common-passwords.ts';
import { PASSWORD_MESSAGES } from '../../common/password-change-rules.ts';
import { TOO_MANY_ATTEMPTS } from '../auth/rate-limit.ts';
import { adminCookie, createProduct, placeOrder } from '../test-support/admin.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { ADDRESS, PASSWORD, type Shopper, signUp } from '../test-support/shoppers.ts';
import { erasedPhone } from './erasure.ts';
import { PASSWORD_CHECKS_PER_ACCOUNT } from './password-check.ts';
import { makeResetLink } from './password-resets.ts';
import { WRONG_LOGIN } from './routes.ts';

describe.each(TEST_DIALECTS)('account rights on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let product: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
    product = await createProduct(t, admin, { name: 'Seiko Presage', category: 'women watch' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const login = (number: string, password: string) => call('POST', '/api/login', undefined, { number, password });
  /** A second device of the same shopper. */
  const secondSession = async (s: Shopper, password = PASSWORD) => cookiesFrom(await login(s.number, password));
  const userRow = (id: string) =>
    t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('changing the password', () => {
    const change = (cookie: string, currentPassword: string, newPassword: string) =>
      call('PUT', '/api/account/password', cookie, { currentPassword, newPassword });

    it('needs the right current password and keeps everything as it was when it is wrong', async () => {
      const s = await signUp(t.app);
      const before = await userRow(s.id);
      const wrong = await change(s.cookie, 'not-my-password', 'a-brand-new-secret');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        message: PASSWORD_MESSAGES.wrongCurrent,
        fields: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
      });
      expect(await userRow(s.id)).toEqual(before);
      expect((await login(s.number, PASSWORD)).statusCode).toBe(200);
    });

    it('applies the sign-up rule to the new password and refuses the same one again', async () => {
      const s = await signUp(t.app);
      const cases: Array<[string, string]> = [
        ['short', 'Your password should contain at least 8 characters'],
        ['password123', COMMON_PASSWORD_MESSAGE],
        [PASSWORD, PASSWORD_MESSAGES.same],
      ];
      for (const [next, message] of cases) {
        const res = await change(s.cookie, PASSWORD, next);
        expect(res.statusCode, next).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect((await change(s.cookie, '', 'a-brand-new-secret')).json().error.message).toBe(PASSWORD_MESSAGES.current);
    });

    it('changes it, ends the other sessions, keeps this one, and voids an open reset link', async () => {
      const s = await signUp(t.app);
      const other = await secondSession(s);
      expect((await call('GET', '/api/profile', other)).statusCode).toBe(200);
      const adminRow = await t.app.db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
      await makeResetLink(t.app.db, s.id, adminRow.id);

      const res = await change(s.cookie, PASSWORD, 'a-brand-new-secret');
      expect(res.statusCode, res.body).toBe(204);
      expect((await call('GET', '/api/profile', other)).statusCode, 'the other device is logged out').toBe(401);
      expect((await call('GET', '/api/profile', s.cookie)).statusCode, 'this device stays in').toBe(200);
      expect((await login(s.number, PASSWORD)).json().error.message).toBe(WRONG_LOGIN);
      expect((await login(s.number, 'a-brand-new-secret')).statusCode).toBe(200);
      const links = await t.app.db
        .selectFrom('password_resets')
        .select('token_hash')
        .where('user_id', '=', s.id)
        .execute();
      expect(links).toEqual([]);
    });

    it(`allows ${PASSWORD_CHECKS_PER_ACCOUNT} wrong current passwords in 15 minutes, then refuses even the right one`, async () => {
      const s = await signUp(t.app);
      for (let i = 0; i < PASSWORD_CHECKS_PER_ACCOUNT; i++) {
        expect((await change(s.cookie, `wrong-guess-${i}`, 'a-brand-new-secret')).statusCode).toBe(400);
      }
      const held = await change(s.cookie, PASSWORD, 'a-brand-new-secret');
      expect(held.statusCode).toBe(429);
      expect(held.json().error.message).toBe(TOO_MANY_ATTEMPTS);
      expect((await login(s.number, PASSWORD)).statusCode, 'the password did not change').toBe(200);
    });

    it('is for a logged-in shopper only: refused before the body is read, never kept by a cache', async () => {
      // Each handler would also refuse a visitor on its own (no account to check the password of):
      // a body the schema refuses, and the cache header, tell the guard's answer from theirs.
      const calls: Array<['GET' | 'POST' | 'PUT', string, object | undefined]> = [
        ['PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(9) }],
        ['PUT', '/api/account/password', {}],
        ['GET', '/api/account/export', undefined],
        ['POST', '/api/account/delete', { password: PASSWORD }],
        ['POST', '/api/account/delete', {}],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(method, url, undefined, payload);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(401);
        expect(res.json().error.message).toBe('Please log in to continue');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  describe('downloading my data', () => {
    it('gives the shopper’s profile, addresses, cart, orders and viewed watches as a JSON file, and nobody else’s', async () => {
      const s = await signUp(t.app, { name: 'Kavya Nair', email: 'kavya@example.in' });
      const other = await signUp(t.app, { name: 'Someone Else' });
      const order = await placeOrder(t, s.cookie, product, 2);
      await placeOrder(t, other.cookie, product);
      await call('POST', '/api/cart/items', s.cookie, { productId: product, quantity: 1 });
      await call('POST', `/api/products/${product}/views`, s.cookie, {});

      const res = await call('GET', '/api/account/export', s.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="time-square-watches-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json();
      expect(data.profile).toMatchObject({ name: 'Kavya Nair', number: s.number, email: 'kavya@example.in' });
      expect(data.addresses).toEqual([ADDRESS]);
      expect(data.cart).toEqual([expect.objectContaining({ productId: product, name: 'Seiko Presage', quantity: 1 })]);
      expect(data.orders).toHaveLength(1);
      expect(data.orders[0]).toMatchObject({ number: order, status: 'ordered', phone: s.number });
      expect(data.orders[0].lines).toEqual([expect.objectContaining({ productId: product, quantity: 2 })]);
      expect(data.orders[0].history.length).toBeGreaterThan(0);
      expect(data.viewedProducts).toEqual([expect.objectContaining({ productId: product })]);
      expect(res.body).not.toMatch(/password|hash|Someone Else|admin_id/i);
      expect((await call('GET', '/api/account/export')).statusCode).toBe(401);
    });
  });

  describe('deleting the account', () => {
    const erase = (cookie: string, password: string) => call('POST', '/api/account/delete', cookie, { password });

    it('needs the password; a wrong one changes nothing', async () => {
      const s = await signUp(t.app);
      const before = await userRow(s.id);
      const res = await erase(s.cookie, 'not-my-password');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: PASSWORD_MESSAGES.wrong,
        fields: { password: PASSWORD_MESSAGES.wrong },
      });
      expect(await userRow(s.id)).toEqual(before);
      expect((await erase(s.cookie, '')).json().error.message).toBe(PASSWORD_MESSAGES.confirm);
    });

    it('removes the personal data and every session, keeps the orders with the buyer’s name, address and phone for the owner, and frees the number', async () => {
      const s = await signUp(t.app, { name: 'Rohan Das', email: 'rohan@example.in' });
      const other = await secondSession(s);
      const order = await placeOrder(t, s.cookie, product);
      await call('POST', '/api/cart/items', s.cookie, { productId: product, quantity: 1 });
      await call('POST', `/api/products/${product}/views`, s.cookie, {});
      await call('POST', '/api/leads/whatsapp-click', s.cookie, { productId: product });
      const clicks = await t.app.db.selectFrom('leads').select('id').where('phone', '=', s.number).execute();
      expect(clicks, 'the BUY NOW click was recorded under their number').toHaveLength(1);
      const adminRow = await t.app.db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
      await makeResetLink(t.app.db, s.id, adminRow.id);
      const ownerView = async () => (await call('GET', `/api/admin/orders/${order}`, admin)).json().order;
      const before = await ownerView();

      const res = await erase(s.cookie, PASSWORD);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.cookies.find((c) => c.name === 'sid')?.value, 'the cookie is cleared').toBe('');

      // Every session ended, this one and the other device's.
      for (const cookie of [s.cookie, other]) expect((await call('GET', '/api/profile', cookie)).statusCode).toBe(401);
      const row = await userRow(s.id);
      expect(row).toMatchObject({
        name: '',
        email: '',
        addresses: '[]',
        password_hash: '',
        phone: erasedPhone(s.id),
      });
      expect(row.deleted_at).not.toBeNull();
      const left = async (table: 'cart_items' | 'product_views' | 'password_resets' | 'sessions') =>
        table === 'sessions'
          ? t.app.db.selectFrom('sessions').select('token_hash').where('subject_id', '=', s.id).execute()
          : t.app.db.selectFrom(table).select('user_id').where('user_id', '=', s.id).execute();
      for (const table of ['cart_items', 'product_views', 'password_resets', 'sessions'] as const) {
        expect(await left(table), table).toEqual([]);
      }
      const leads = await t.app.db.selectFrom('leads').selectAll().where('phone', '=', s.number).execute();
      expect(leads, 'the WhatsApp clicks no longer name them').toEqual([]);
      const click = await t.app.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', clicks[0]!.id)
        .executeTakeFirstOrThrow();
      expect(click).toMatchObject({ customer: 'Website visitor', phone: '', product_id: product });

      // The owner still has the order, with the buyer as the invoice needs them.
      const after = await ownerView();
      expect(after).toEqual(before);
      expect(after).toMatchObject({
        userName: 'Rohan Das',
        userPhone: s.number,
        address: expect.stringContaining('Mumbai'),
      });
      const kept = await t.app.db
        .selectFrom('orders')
        .selectAll()
        .where('number', '=', order)
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ buyer_name: 'Rohan Das', user_phone: s.number, user_id: s.id });

      // The number no longer logs in, and can sign up again as a new account with nothing of the old.
      expect((await login(s.number, PASSWORD)).json().error.message).toBe(WRONG_LOGIN);
      const again = await signUp(t.app, { number: s.number, name: 'Rohan New' });
      expect(again.id).not.toBe(s.id);
      expect((await call('GET', '/api/orders?view=all', again.cookie)).json().orders).toEqual([]);
      expect((await call('GET', '/api/cart', again.cookie)).json().lines).toEqual([]);
    });
  });
});
