/**
 * ASVS V2 (authentication): argon2id hashes, the spec's 8-character minimum
 * (12 for admins), the most common passwords refused with a clear message on
 * every path that sets a password, log in unaffected by the list, log-in rate
 * limits, and no default admin password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../src/common/common-passwords.ts';
import { loginSchema, passwordSchema, signupSchema } from '../../src/common/schemas/account.ts';
import { adminPasswordSchema, changePasswordSchema, newAdminSchema } from '../../src/common/schemas/admin.ts';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { TOO_MANY_ATTEMPTS } from '../../src/server/auth/rate-limit.ts';
import { loadConfig } from '../../src/server/config.ts';
import { newId, nowIso } from '../../src/server/db/ids.ts';
import { adminCookie } from '../../src/server/test-support/admin.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { createTestDatabase } from '../../src/server/test-support/databases.ts';
import { signupBody, testPhone } from '../../src/server/test-support/shoppers.ts';

/** Passwords our tests, journeys, demo data and benchmarks use: none may be on the list. */
const PROJECT_PASSWORDS = [
  'visitor-pass-123',
  'demo-shopper-pass',
  'e2e-admin-password-1',
  'returning-pass-1',
  'curious-pass-1',
  'nisha-pass-1',
  'second-admin-pass',
  'long-enough-1',
  'long-enough-pass',
  'shopper-pass',
  'shopper-password-1',
  'boss-password-12',
  'owner-password-1',
  'target-password-1',
  'meera-password-1',
  'meera-new-password',
  'kiran-password-1',
  'another-password-1',
  'second-admin-password',
  'reliability-admin-password',
  'bench-password-1',
  'bench-admin-password-7',
];

describe('the common-password list', () => {
  it('is a compact set of lowercase passwords of at least 8 characters', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(300);
    expect(COMMON_PASSWORD_COUNT).toBeLessThanOrEqual(1000);
    for (const p of ['password', '12345678', 'qwertyuiop', 'iloveyou1', 'password1', '11111111', 'india@123']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    // Case does not make a common password strong.
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it('leaves every password the project’s tests and demo data use alone', () => {
    expect(PROJECT_PASSWORDS.filter(isCommonPassword)).toEqual([]);
  });

  it('is checked by the forms’ schemas: sign-up and checkout, admin add and change, never log in', () => {
    const signup = signupSchema.safeParse({ ...signupBody(), password: 'Password123' });
    expect(signup.error?.issues[0]).toMatchObject({ path: ['password'], message: COMMON_PASSWORD_MESSAGE });
    expect(passwordSchema.safeParse('sunshine').error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    // The length rule still speaks first for a short password.
    expect(passwordSchema.safeParse('1234567').error?.issues[0]?.message).toMatch(/at least 8 characters/);
    expect(adminPasswordSchema.safeParse('qwertyuiop123').error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(newAdminSchema.safeParse({ username: 'helper', password: 'password1234' }).success).toBe(false);
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'old-one-here', newPassword: 'administrator' }).error?.issues[0]
        ?.message,
    ).toBe(COMMON_PASSWORD_MESSAGE);
    expect(loginSchema.safeParse({ number: '9876543210', password: 'password1' }).success).toBe(true);
  });
});

describe('passwords through the API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCookie(t, 'pw-owner', 'pw-owner-password-1');
  });
  afterAll(() => t.close());

  it('sign-up refuses a common password with a clear message on the password field', async () => {
    for (const password of ['password1', 'Iloveyou123', '12345678', 'qwerty@123']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody({ password }) });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(res.json().error.fields).toMatchObject({ password: COMMON_PASSWORD_MESSAGE });
    }
  });

  it('an existing account with a now-common password still logs in', async () => {
    const number = testPhone();
    const now = nowIso();
    await t.app.db
      .insertInto('users')
      .values({
        id: newId(),
        name: 'Old Account',
        phone: number,
        email: 'old@example.in',
        addresses: '[]',
        password_hash: await hashPassword('password1'),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { number, password: 'password1' } });
    expect(res.statusCode).toBe(200);
  });

  it('an admin cannot add an admin, or change their own password, to a common one', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: { cookie: admin },
      payload: { username: 'weak-helper', password: 'qwertyuiop123' },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      headers: { cookie: admin },
      payload: { currentPassword: 'pw-owner-password-1', newPassword: 'password1234' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('stores admin passwords as argon2id too', async () => {
    const row = await t.app.db
      .selectFrom('admins')
      .select('password_hash')
      .where('username', '=', 'pw-owner')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('limits admin log-in failures per address across usernames', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { username: `guess${i}`, password: 'a-wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: ip,
      payload: { username: 'pw-owner', password: 'pw-owner-password-1' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(TOO_MANY_ATTEMPTS);
  });
});

describe('no default admin password', () => {
  it('the configuration has none, and refuses a short one', () => {
    expect(loadConfig({}).admin.password).toBeUndefined();
    expect(() => loadConfig({ ADMIN_PASSWORD: 'admin' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('the first admin gets a generated password, different on every install', async () => {
    const generated: string[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await createTestDatabase('sqlite');
      try {
        const created = await ensureFirstAdmin(database.db, { username: 'admin', password: undefined });
        expect(created?.generatedPassword).toMatch(/^[\w-]{20,}$/);
        generated.push(created?.generatedPassword ?? '');
      } finally {
        await database.cleanup();
      }
    }
    expect(generated[0]).not.toBe(generated[1]);
  });
});
