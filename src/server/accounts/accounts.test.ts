import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/schemas/account.ts';
import { TOO_MANY_ATTEMPTS } from '../auth/rate-limit.ts';
import { hashToken } from '../auth/sessions.ts';
import { nowIso } from '../db/ids.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { PASSWORD, signUp, signupBody, testPhone } from '../test-support/shoppers.ts';
import { LOGIN_LIMITS, WRONG_LOGIN } from './routes.ts';
import { PHONE_TAKEN } from './users.ts';

describe.each(TEST_DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, cookie?: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const session = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json();
  const tokenOf = (cookie: string) => cookie.split('=')[1] ?? '';

  describe('sign up', () => {
    it('creates the account, logs in and never returns the password', async () => {
      const body = signupBody();
      const res = await post('/api/signup', body);
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ name: 'Asha Rao', number: body.number, addresses: [body.address] });
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toMatch(/password/i);
      const cookie = cookiesFrom(res);
      expect(res.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect((await session(cookie)).user.number).toBe(body.number);
    });

    it('stores only an argon2id hash of the password', async () => {
      const { id } = await signUp(t.app);
      const row = await t.app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    });

    it('checks the rules of docs/product.md#validation in order with their messages', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'A', number: '12', email: 'x', address: 'short', password: 'short' }, MESSAGES.name],
        [{ number: '12345', email: 'x', address: 'short', password: 'short' }, MESSAGES.phone],
        [{ number: '98765abcde' }, MESSAGES.phone],
        [{ email: 'asha-at-example', address: 'short' }, MESSAGES.email],
        [{ email: 'asha@example' }, MESSAGES.email],
        [{ address: 'too short', password: 'short' }, MESSAGES.address],
        [{ password: '1234567' }, MESSAGES.password],
        [{ name: undefined }, MESSAGES.name],
      ];
      for (const [overrides, message] of cases) {
        const res = await post('/api/signup', signupBody(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    });

    it('refuses a number already registered with a clear message', async () => {
      const { number } = await signUp(t.app);
      const res = await post('/api/signup', signupBody({ number }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PHONE_TAKEN);
    });
  });

  describe('log in and sessions', () => {
    it('logs in with the right password and says who is logged in', async () => {
      const { number } = await signUp(t.app);
      const res = await post('/api/login', { number, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.number).toBe(number);
      expect(res.body).not.toMatch(/password/i);
      expect(await session(cookiesFrom(res))).toMatchObject({ user: { number }, isAdmin: false });
    });

    it('answers nobody with user null', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/session' })).json()).toEqual({
        user: null,
        isAdmin: false,
      });
    });

    it('refuses a wrong password or unknown number with one message', async () => {
      const { number } = await signUp(t.app);
      const wrong = await post('/api/login', { number, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(WRONG_LOGIN);
      const unknown = await post('/api/login', { number: testPhone(), password: PASSWORD });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.message).toBe(WRONG_LOGIN);
      expect(wrong.cookies).toHaveLength(0);
    });

    it('checks the log-in rules with the spec messages', async () => {
      expect((await post('/api/login', { number: '123', password: 'x' })).json().error.message).toBe(MESSAGES.phone);
      expect((await post('/api/login', { number: '9876543210', password: 'short' })).json().error.message).toBe(
        MESSAGES.password,
      );
    });

    it('gives a new session id on every log-in and ends the old one', async () => {
      const shopper = await signUp(t.app);
      const first = await post('/api/login', { number: shopper.number, password: PASSWORD }, shopper.cookie);
      const second = await post('/api/login', { number: shopper.number, password: PASSWORD }, cookiesFrom(first));
      const tokens = [shopper.cookie, cookiesFrom(first), cookiesFrom(second)].map(tokenOf);
      expect(new Set(tokens).size).toBe(3);
      expect((await session(shopper.cookie)).user).toBeNull();
      expect((await session(cookiesFrom(first))).user).toBeNull();
      expect((await session(cookiesFrom(second))).user.number).toBe(shopper.number);
    });

    it('logs out by deleting the session on the server', async () => {
      const { cookie } = await signUp(t.app);
      const res = await post('/api/logout', {}, cookie);
      expect(res.statusCode).toBe(204);
      const row = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', hashToken(tokenOf(cookie)))
        .executeTakeFirst();
      expect(row).toBeUndefined();
      // The old cookie, replayed, is nobody.
      expect((await session(cookie)).user).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })).statusCode).toBe(401);
    });

    it('ends a session after 14 days without use', async () => {
      const { cookie } = await signUp(t.app);
      await t.app.db
        .updateTable('sessions')
        .set({ last_seen_at: nowIso(Date.now() - 15 * 86_400_000) })
        .where('token_hash', '=', hashToken(tokenOf(cookie)))
        .execute();
      expect((await session(cookie)).user).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })).statusCode).toBe(401);
    });

    it('ends a session at its maximum age even when in use', async () => {
      const { cookie } = await signUp(t.app);
      await t.app.db
        .updateTable('sessions')
        .set({ expires_at: nowIso(Date.now() - 1000), last_seen_at: nowIso() })
        .where('token_hash', '=', hashToken(tokenOf(cookie)))
        .execute();
      expect((await session(cookie)).user).toBeNull();
    });
  });

  describe('log-in rate limits', () => {
    it(`stops a number's guesses from one address after ${LOGIN_LIMITS.perAccountAddress}, not its owner elsewhere`, async () => {
      const { number } = await signUp(t.app);
      const ip = '10.0.0.1';
      for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
        expect((await post('/api/login', { number, password: 'wrong-password' }, undefined, ip)).statusCode).toBe(401);
      }
      const locked = await post('/api/login', { number, password: PASSWORD }, undefined, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toBe(TOO_MANY_ATTEMPTS);
      // The owner, from another address, is not locked out by someone else's guesses.
      expect((await post('/api/login', { number, password: PASSWORD }, undefined, '10.0.0.2')).statusCode).toBe(200);
      // Another number from the same address still logs in.
      const other = await signUp(t.app);
      expect((await post('/api/login', { number: other.number, password: PASSWORD }, undefined, ip)).statusCode).toBe(
        200,
      );
    });

    it('clears a number’s failures after a good log-in', async () => {
      const { number } = await signUp(t.app);
      for (let i = 0; i < LOGIN_LIMITS.perAccountAddress - 1; i++) {
        await post('/api/login', { number, password: 'wrong-password' }, undefined, '10.0.1.1');
      }
      expect((await post('/api/login', { number, password: PASSWORD }, undefined, '10.0.1.1')).statusCode).toBe(200);
      for (let i = 0; i < LOGIN_LIMITS.perAccountAddress - 1; i++) {
        expect(
          (await post('/api/login', { number, password: 'wrong' + 'password' }, undefined, '10.0.1.1')).statusCode,
        ).toBe(401);
      }
    });

    it(`locks an address after ${LOGIN_LIMITS.perAddress} failures across numbers`, async () => {
      const ip = '10.0.2.1';
      const { number } = await signUp(t.app);
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        await post('/api/login', { number: testPhone(), password: 'wrong-password' }, undefined, ip);
      }
      const locked = await post('/api/login', { number, password: PASSWORD }, undefined, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toBe(TOO_MANY_ATTEMPTS);
      expect((await post('/api/login', { number, password: PASSWORD }, undefined, '10.0.2.2')).statusCode).toBe(200);
    });
  });
});
