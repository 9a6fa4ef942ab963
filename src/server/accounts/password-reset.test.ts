/**
 * Forgotten passwords (docs/product.md#account-rights): the owner finds the shopper by
 * phone and makes a one-time link; the link sets a new password once, within
 * 30 minutes, for its own shopper only, and ends every session of theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../common/common-passwords.ts';
import { RESET_LINK_INVALID } from '../../common/schemas/account-rights.ts';
import { hashToken } from '../auth/sessions.ts';
import { adminCookie } from '../test-support/admin.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { PASSWORD, signUp } from '../test-support/shoppers.ts';
import { RESET_LINK_EXPIRED, RESET_LINK_USED, SHOPPER_NOT_FOUND } from './password-resets.ts';
import { WRONG_LOGIN } from './routes.ts';

const NEW_PASSWORD = 'river-stone-lantern';

describe.each(TEST_DIALECTS)('password reset links on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { PUBLIC_URL: 'https://shop.example.in' } });
    admin = await adminCookie(t);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const login = (number: string, password: string) => call('POST', '/api/login', undefined, { number, password });
  /** The owner makes a link for the shopper; returns the token from the link. */
  async function makeLink(userId: string): Promise<{ token: string; link: string; body: Record<string, string> }> {
    const res = await call('POST', `/api/admin/shoppers/${userId}/reset-link`, admin);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { token: body.link.split('/').pop(), link: body.link, body };
  }
  const use = (token: string, password = NEW_PASSWORD, cookie?: string, extra: object = {}) =>
    call('POST', `/api/password-resets/${token}`, cookie, { password, ...extra });

  it('lets the owner find a shopper by the start of their number', async () => {
    const s = await signUp(t.app, { name: 'Farah Khan' });
    const res = await call('GET', `/api/admin/shoppers?phone=${s.number.slice(0, 8)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().shoppers).toContainEqual(
      expect.objectContaining({ id: s.id, name: 'Farah Khan', number: s.number, orderCount: 0, lastOrderAt: null }),
    );
    const short = await call('GET', '/api/admin/shoppers?phone=98', admin);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Please type at least 4 digits of the phone number');
    expect((await call('GET', '/api/admin/shoppers?phone=98%25', admin)).statusCode, 'no wildcard').toBe(400);
  });

  it('makes a link the owner can send: the site’s address, 30 minutes, only its hash kept', async () => {
    const s = await signUp(t.app);
    const before = Date.now();
    const { token, link, body } = await makeLink(s.id);
    expect(link).toMatch(/^https:\/\/shop\.example\.in\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(body.number).toBe(s.number);
    const minutes = (Date.parse(body.expiresAt as string) - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
    const rows = await t.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', s.id).execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const info = await call('GET', `/api/password-resets/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ number: `•••••••${s.number.slice(-3)}`, expiresAt: body.expiresAt });
  });

  it('sets the new password once and ends every session of that shopper', async () => {
    const s = await signUp(t.app);
    const other = cookiesFrom(await login(s.number, PASSWORD));
    const { token } = await makeLink(s.id);
    const res = await use(token);
    expect(res.statusCode, res.body).toBe(204);
    for (const cookie of [s.cookie, other]) expect((await call('GET', '/api/profile', cookie)).statusCode).toBe(401);
    expect((await login(s.number, PASSWORD)).json().error.message).toBe(WRONG_LOGIN);
    expect((await login(s.number, NEW_PASSWORD)).statusCode).toBe(200);

    // A used link: refused to read and to use, and the password stays.
    for (const res of [await call('GET', `/api/password-resets/${token}`), await use(token, 'yet-another-secret')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(RESET_LINK_USED);
    }
    expect((await login(s.number, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const s = await signUp(t.app);
    const { token } = await makeLink(s.id);
    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    for (const res of [await call('GET', `/api/password-resets/${token}`), await use(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(RESET_LINK_EXPIRED);
    }
    expect((await login(s.number, PASSWORD)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', s.cookie)).statusCode).toBe(200);
  });

  it('refuses an unknown, malformed or replaced link', async () => {
    const s = await signUp(t.app);
    const first = await makeLink(s.id);
    const second = await makeLink(s.id);
    const unknown = 'A'.repeat(43);
    for (const token of [first.token, unknown]) {
      const res = await use(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.message).toBe(RESET_LINK_INVALID);
    }
    const malformed = await use('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(RESET_LINK_INVALID);
    expect((await login(s.number, PASSWORD)).statusCode, 'nothing changed').toBe(200);
    expect((await use(second.token)).statusCode, 'the newest link works').toBe(204);
  });

  it('applies the sign-up rule to the new password and keeps the link for another try', async () => {
    const s = await signUp(t.app);
    const { token } = await makeLink(s.id);
    const common = await use(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await use(token)).statusCode).toBe(204);
  });

  it('changes only the password of the shopper the link was made for, whoever is logged in and whatever the body says', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const { token } = await makeLink(b.id);
    const res = await use(token, NEW_PASSWORD, a.cookie, { userId: a.id, number: a.number, id: a.id });
    expect(res.statusCode).toBe(204);
    expect((await login(b.number, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(a.number, PASSWORD)).statusCode, 'A keeps their password').toBe(200);
    expect((await login(a.number, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile', a.cookie)).statusCode, 'A stays logged in').toBe(200);
  });

  it('makes no link for an unknown or deleted shopper, nor for anyone but an admin', async () => {
    const missing = await call('POST', '/api/admin/shoppers/zzzzzzzzzzzzzzzzzzzz/reset-link', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(SHOPPER_NOT_FOUND);
    const s = await signUp(t.app);
    expect((await call('POST', '/api/account/delete', s.cookie, { password: PASSWORD })).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/shoppers/${s.id}/reset-link`, admin)).statusCode).toBe(404);
    const lookup = await call('GET', `/api/admin/shoppers?phone=${s.number}`, admin);
    expect(lookup.json().shoppers, 'an erased account is not listed').toEqual([]);

    const other = await signUp(t.app);
    expect((await call('POST', `/api/admin/shoppers/${other.id}/reset-link`, other.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/shoppers/${other.id}/reset-link`)).statusCode).toBe(401);
    const links = await t.app.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', other.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('forgives the failed log-ins of the number, so the shopper can log in at once', async () => {
    const s = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await login(s.number, `wrong-guess-${i}`)).statusCode).toBe(401);
    expect((await login(s.number, PASSWORD)).statusCode, 'locked out').toBe(429);
    const { token } = await makeLink(s.id);
    expect((await use(token)).statusCode).toBe(204);
    expect((await login(s.number, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
