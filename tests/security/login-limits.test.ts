/**
 * ASVS V2.2.1 (brute force), the probe's findings of issue 15: log-in attempts
 * are counted before the password is checked, atomically, on both databases and
 * across app instances; an attacker's guesses limit the attacker, never the
 * owner at their usual address; sign-ups are limited per address.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/accounts/routes.ts';
import { PHONE_TAKEN } from '../../src/server/accounts/users.ts';
import { ADMIN_LOGIN_LIMITS } from '../../src/server/admin/auth-routes.ts';
import { createAdmin } from '../../src/server/admin/first-admin.ts';
import { addressKey, TOO_MANY_ATTEMPTS } from '../../src/server/auth/rate-limit.ts';
import { SIGNUPS_PER_ADDRESS } from '../../src/server/config.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { TEST_DIALECTS } from '../../src/server/test-support/databases.ts';
import { PASSWORD, signUp, signupBody } from '../../src/server/test-support/shoppers.ts';
import { secondInstance } from './support/second-instance.ts';

type Kind = 'shopper' | 'admin';

const statuses = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};

let addressSeq = 0;
/** A client address no other test in this file uses. */
const newAddress = () => {
  addressSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(addressSeq / 250)}.${addressSeq % 250}`;
};

describe('the address a limit counts', () => {
  it('is the IPv4 address, and an IPv6 client’s /64, however it is written', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const home = '2001:db8:1234:5678::/64';
    for (const ip of [
      '2001:db8:1234:5678::1',
      '2001:0db8:1234:5678:aaaa:bbbb:cccc:dddd',
      '2001:DB8:1234:5678:0:0:0:9',
    ]) {
      expect(addressKey(ip), ip).toBe(home);
    }
    expect(addressKey('2001:db8:1234:5679::1')).not.toBe(home);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(TEST_DIALECTS)('log-in and sign-up limits on %s', (dialect) => {
  let t: TestApp;
  let adminSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  /** An account of `kind` with its name (number or username) and password. */
  async function account(kind: Kind): Promise<{ name: string; password: string }> {
    if (kind === 'shopper') return { name: (await signUp(t.app)).number, password: PASSWORD };
    adminSeq += 1;
    const name = `owner-${dialect}-${adminSeq}`;
    await createAdmin(t.app.db, name, 'owner-password-12');
    return { name, password: 'owner-password-12' };
  }
  const logIn = (kind: Kind, name: string, password: string, ip: string, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: kind === 'shopper' ? '/api/login' : '/api/admin/login',
      remoteAddress: ip,
      payload: kind === 'shopper' ? { number: name, password } : { username: name, password },
    });
  const limitsOf = (kind: Kind) => (kind === 'shopper' ? LOGIN_LIMITS : ADMIN_LOGIN_LIMITS);

  it('30 wrong passwords for one number sent at once: 5 reach the password check, 25 get 429', async () => {
    const { name } = await account('shopper');
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => logIn('shopper', name, `wrong-password-${i}`, ip)),
    );
    expect(statuses(answers)).toEqual({
      401: LOGIN_LIMITS.perAccountAddress,
      429: 30 - LOGIN_LIMITS.perAccountAddress,
    });
    for (const a of answers.filter((x) => x.statusCode === 429)) expect(a.json().error.message).toBe(TOO_MANY_ATTEMPTS);
  });

  it('50 wrong passwords for an admin sent at once: 5 × 401, 45 × 429', async () => {
    const { name } = await account('admin');
    const ip = newAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => logIn('admin', name, `guess-${i}`, ip)));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 45 });
  });

  it('counts on every app instance alike: 30 parallel guesses over two instances, 5 checked', async () => {
    const other = await secondInstance(t);
    try {
      const { name } = await account('shopper');
      const ip = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          logIn('shopper', name, `wrong-password-${i}`, ip, i % 2 ? other.app : t.app),
        ),
      );
      expect(statuses(answers)).toEqual({ 401: 5, 429: 25 });
    } finally {
      await other.close();
    }
  });

  it.each(['shopper', 'admin'] as const)(
    'guesses at a %s account from one address lock that address out, not the owner elsewhere',
    async (kind) => {
      const { name, password } = await account(kind);
      const attacker = newAddress();
      for (let i = 0; i < limitsOf(kind).perAccountAddress; i++) {
        expect((await logIn(kind, name, `guess-number-${i}`, attacker)).statusCode).toBe(401);
      }
      // The attacker is stopped even when they finally guess right…
      expect((await logIn(kind, name, password, attacker)).statusCode).toBe(429);
      // …and the owner, from another address, logs in at once; then again (a good log-in uses up nothing).
      const owner = newAddress();
      for (let i = 0; i < limitsOf(kind).perAccountAddress + 1; i++) {
        expect((await logIn(kind, name, password, owner)).statusCode).toBe(200);
      }
    },
  );

  it.each(['shopper', 'admin'] as const)(
    'guesses spread over many addresses stop at the %s account’s own limit, which the owner’s usual address skips',
    async (kind) => {
      const { name, password } = await account(kind);
      const limits = limitsOf(kind);
      const usual = newAddress();
      expect((await logIn(kind, name, password, usual)).statusCode).toBe(200);
      // Five addresses at the per-address limit each use up the account's limit elsewhere…
      const spread = Array.from({ length: limits.perAccountElsewhere / limits.perAccountAddress }, newAddress);
      const answers = await Promise.all(
        spread.flatMap((ip) =>
          Array.from({ length: limits.perAccountAddress }, (_, i) => logIn(kind, name, `spread-guess-${i}`, ip)),
        ),
      );
      expect(statuses(answers)).toEqual({ 401: limits.perAccountElsewhere });
      // …so a new address is refused before its password is checked, even the right one…
      const stranger = await logIn(kind, name, password, newAddress());
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().error.message).toBe(TOO_MANY_ATTEMPTS);
      // …while the owner, at the address they logged in from before, is not.
      expect((await logIn(kind, name, password, usual)).statusCode).toBe(200);
    },
  );

  it(`refuses the ${SIGNUPS_PER_ADDRESS + 1}st sign-up from one address in 15 minutes, before saying whether a number is registered`, async () => {
    const ip = newAddress();
    const signUpFrom = (from: string, body = signupBody()) =>
      t.app.inject({ method: 'POST', url: '/api/signup', remoteAddress: from, payload: body });
    const taken = signupBody();
    expect((await signUpFrom(ip, taken)).statusCode).toBe(201);
    // A number already registered counts too: each answer would tell whether it is.
    expect((await signUpFrom(ip, { ...signupBody(), number: taken.number })).json().error.message).toBe(PHONE_TAKEN);
    for (let i = 2; i < SIGNUPS_PER_ADDRESS; i++) expect((await signUpFrom(ip)).statusCode).toBe(201);
    const refused = await signUpFrom(ip, { ...signupBody(), number: taken.number });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_ATTEMPTS);
    expect((await signUpFrom(ip)).statusCode).toBe(429);
    // Another address signs up as usual.
    expect((await signUpFrom(newAddress())).statusCode).toBe(201);
  });
});
