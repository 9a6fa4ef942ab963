/**
 * ASVS V3 (sessions) and V50 (headers) beyond what the accounts and admin tests
 * already prove (new id at log in, server-side log out, shopper idle and
 * maximum age): cookie attributes in the production configuration, HSTS only
 * over https, the admin's shorter limits, and the Origin check on every
 * state-changing route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_LIMITS } from '../../src/server/auth/sessions.ts';
import { nowIso } from '../../src/server/db/ids.ts';
import { adminCookie } from '../../src/server/test-support/admin.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { signupBody } from '../../src/server/test-support/shoppers.ts';
import { routerApiRoutes, STATE_CHANGING } from './support/routes.ts';
import { createWorld, errorMessageOf, newUtr, type World } from './support/world.ts';

const CROSS_ORIGIN = 'Requests from other websites are not allowed';

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.in' } });
  });
  afterAll(() => prod.close());

  it('the shopper cookie is __Host-sid: Secure, HttpOnly, SameSite=Lax, path /, no Domain', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // The session works under its prefixed name, and an unprefixed copy is ignored.
    const token = cookie?.value ?? '';
    const me = await prod.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: `__Host-sid=${token}` },
    });
    expect(me.statusCode).toBe(200);
    const plain = await prod.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `sid=${token}` } });
    expect(plain.statusCode).toBe(401);
    // Log out clears the cookie with the same attributes, and ends the session.
    const out = await prod.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `__Host-sid=${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ value: '', secure: true, httpOnly: true });
    const after = await prod.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: `__Host-sid=${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('the admin cookie is __Host-asid with the same attributes', async () => {
    const cookieHeader = await adminCookie(prod, 'prod-owner', 'prod-owner-password-1');
    expect(cookieHeader).toMatch(/^__Host-asid=[\w-]{40,}$/);
    const login = await prod.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'prod-owner', password: 'prod-owner-password-1' },
    });
    const cookie = login.cookies.find((c) => c.name === '__Host-asid' && c.value !== '');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    // The admin cookie lives no longer than the admin session's maximum age.
    expect(cookie?.maxAge).toBe(SESSION_LIMITS.admin.maxAgeMs / 1000);
  });

  it('sends HSTS (a year, subdomains) and asks browsers to upgrade insecure requests', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    }
  });
});

describe('in development and tests (plain http)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => dev.close());

  it('sends no HSTS (it would stick to a plain-http host) and no Secure flag, but still httpOnly and Lax', async () => {
    const health = await dev.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
    const res = await dev.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('sessions and origins', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });
  afterAll(() => w.t.close());

  const tokenHashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));
  const adminMe = (cookie: string) => w.t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

  it('ends an admin session after two idle hours, and at twelve hours even when in use', async () => {
    const idle = await adminCookie(w.t, 'idle-owner', 'idle-owner-password-1');
    expect((await adminMe(idle)).statusCode).toBe(200);
    await w.t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso(Date.now() - SESSION_LIMITS.admin.idleMs - 1000) })
      .where('token_hash', '=', tokenHashOf(idle))
      .execute();
    expect((await adminMe(idle)).statusCode).toBe(401);

    const busy = await adminCookie(w.t, 'busy-owner', 'busy-owner-password-1');
    await w.t.app.db
      .updateTable('sessions')
      .set({ expires_at: nowIso(Date.now() - 1000), last_seen_at: nowIso() })
      .where('token_hash', '=', tokenHashOf(busy))
      .execute();
    expect((await adminMe(busy)).statusCode).toBe(401);
    expect(SESSION_LIMITS.admin.maxAgeMs).toBeLessThanOrEqual(12 * 3_600_000);
  });

  it('refuses a forged, overlong or unknown session token as nobody', async () => {
    for (const token of ['x', 'a'.repeat(43), 'a'.repeat(5000), "' OR 1=1 --", '%00']) {
      const res = await w.t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: `sid=${token}` } });
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
    }
  });

  it('refuses every state-changing API route from another origin, for every kind of caller', async () => {
    const stateChanging = routerApiRoutes(w.t.app).filter((r) => STATE_CHANGING.has(r.split(' ')[0] as string));
    expect(stateChanging.length).toBeGreaterThan(20);
    expect(stateChanging).toContain('POST /api/orders/:orderNumber/advance');
    expect(stateChanging).toContain('POST /api/admin/orders/:orderNumber/advance');
    const before = await w.t.app.db.selectFrom('sessions').select('token_hash').execute();
    const ordersBefore = await w.t.app.db.selectFrom('orders').selectAll().orderBy('id').execute();
    for (const route of stateChanging) {
      const [method, path] = route.split(' ') as [string, string];
      // Real things in the URL (A's own order, a real product), so only the origin check can stop the request.
      const url = path.replace(/:(\w+)/g, (_, name: string) => (name === 'orderNumber' ? w.aOrder : w.product));
      for (const cookie of [null, w.a.cookie, w.admin.cookie]) {
        for (const headers of [
          { origin: 'https://evil.example' },
          { origin: 'null' },
          { origin: 'http://localhost.evil.example' },
          { 'sec-fetch-site': 'cross-site' },
        ]) {
          const res = await w.t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...headers, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
            payload: '{}',
          });
          expect(res.statusCode, `${route} ${JSON.stringify(headers)}`).toBe(403);
          expect(errorMessageOf(res.body)).toBe(CROSS_ORIGIN);
        }
      }
    }
    // Nothing happened: not even a log out, nor a change to an order or its advance.
    const after = await w.t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(after.length).toBe(before.length);
    expect(await w.t.app.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(ordersBefore);
  });

  it('a sample per domain: the same request from the shop’s own origin goes through', async () => {
    const host = 'shop.example.in';
    const sameOrigin = { origin: `https://${host}`, host, 'sec-fetch-site': 'same-origin' };
    const cases: Array<[string, string, object, string, number]> = [
      ['POST', '/api/cart/items', { productId: w.product }, w.a.cookie, 200],
      ['POST', '/api/profile/addresses', { address: '7, Hill Road, near Park, Pune - 411002, MH' }, w.a.cookie, 200],
      ['POST', `/api/products/${w.product}/views`, {}, w.a.cookie, 200],
      ['POST', `/api/orders/${w.aOrder}/advance`, { utr: newUtr() }, w.a.cookie, 200],
      ['POST', `/api/admin/orders/${w.bOrder}/advance`, { action: 'received', note: '' }, w.admin.cookie, 200],
      ['PATCH', `/api/admin/products/${w.product}/stock`, { inStock: true }, w.admin.cookie, 200],
      [
        'POST',
        '/api/admin/leads',
        { platform: 'amazon', customer: 'R', productName: 'P', quantity: 1 },
        w.admin.cookie,
        201,
      ],
    ];
    for (const [method, url, payload, cookie, status] of cases) {
      const ok = await w.t.app.inject({ method: method as 'POST', url, headers: { ...sameOrigin, cookie }, payload });
      expect(ok.statusCode, `${method} ${url}`).toBe(status);
      const forged = await w.t.app.inject({
        method: method as 'POST',
        url,
        headers: { ...sameOrigin, origin: 'https://shop.example.in.evil.example', cookie },
        payload,
      });
      expect(forged.statusCode, `${method} ${url} forged`).toBe(403);
    }
  });

  it('never refuses a safe method for its origin (GET changes nothing)', async () => {
    const res = await w.t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { origin: 'https://evil.example', cookie: w.a.cookie },
    });
    expect(res.statusCode).toBe(200);
    // No CORS grant: another site's script cannot read the answer.
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
