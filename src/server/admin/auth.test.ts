import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { WRONG_LOGIN } from './auth-routes.ts';
import { createAdmin } from './first-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.app.db, 'owner', 'owner-password-1');
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, headers });

describe('admin log in', () => {
  it('logs in with the right password: an httpOnly admin cookie, last login recorded, no hash sent', async () => {
    const res = await login({ username: 'owner', password: 'owner-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ username: 'owner' });
    expect(res.json().admin.lastLoginAt).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/argon|password_hash|passwordHash/);
    const cookie = res.cookies.find((c) => c.name === 'asid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookiesFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().admin.username).toBe('owner');
    const row = await t.app.db
      .selectFrom('admins')
      .selectAll()
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
  });

  it('answers the same message for a wrong password and an unknown username', async () => {
    const wrong = await login({ username: 'owner', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody', password: 'whatever-123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(WRONG_LOGIN);
      expect(res.cookies.filter((c) => c.value)).toEqual([]);
    }
  });

  it('needs both username and password (docs/product.md#validation)', async () => {
    const noUser = await login({ username: '  ', password: 'x' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error.message).toBe('Please enter your username');
    const noPassword = await login({ username: 'owner', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.message).toBe('Please enter your password');
  });

  it('locks a username at an address for 15 minutes after 5 failures there, even with the right password', async () => {
    await createAdmin(t.app.db, 'target', 'target-password-1');
    for (let i = 0; i < 5; i++)
      expect((await login({ username: 'target', password: `guess-${i}` })).statusCode).toBe(401);
    const locked = await login({ username: 'target', password: 'target-password-1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });

  it('logs out: the session ends on the server', async () => {
    const res = await login({ username: 'owner', password: 'owner-password-1' });
    const cookie = cookiesFrom(res);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('a new log in replaces the browser’s older admin session', async () => {
    const first = cookiesFrom(await login({ username: 'owner', password: 'owner-password-1' }));
    const second = await login({ username: 'owner', password: 'owner-password-1' }, { cookie: first });
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    const fresh = cookiesFrom(second);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: fresh } })).statusCode).toBe(
      200,
    );
  });
});
