/**
 * The request log as the real app writes it (pino through Fastify, our request serializer), read
 * line by line: failed-delivery and password-reset links, /track's order and phone, a pincode and
 * a password sent in an address never reach it; which page or endpoint was asked for still does
 * (issue 34).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.ts';
import { REDACTED, UrlRedactor } from './log-redaction.ts';

describe('the request log', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'info' });
    app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('keeps no token, phone, pincode, password or query value of a URL', async () => {
    const token = randomBytes(24).toString('base64url');
    const phone = '9876501234';
    const password = 'demo-shopper-pass';
    const asked = [
      ['GET', `/api/delivery-choice/TSW-10001/${token}`],
      ['PUT', `/api/delivery-choice/TSW-10001/${token}`],
      ['GET', `/delivery/TSW-10001/${token}`],
      ['GET', `/advance/TSW-10001/${token}`],
      ['GET', `/api/advance-link/TSW-10001/${token}`],
      ['POST', `/api/advance-link/TSW-10001/${token}`],
      ['GET', `/api/advance-link/TSW-10001/${token}/qr.svg`],
      ['GET', `/api/password-resets/${token}`],
      ['POST', `/api/password-resets/${token}`],
      ['GET', `/reset-password/${token}/`],
      ['GET', `/api/track?order=TSW-10001&phone=${phone}`],
      ['GET', `/track?order=TSW-10001&phone=%2B91${phone}`],
      ['GET', '/api/delivery/411001'],
      ['GET', `/login?number=${phone}&password=${password}`],
      ['GET', `/no-such-page/${phone}`],
    ] as const;
    for (const [method, url] of asked) await app.inject({ method, url });

    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    // One "incoming request" line per request, at least.
    expect(urls.length).toBeGreaterThanOrEqual(asked.length);
    const log = lines.join('\n');
    for (const secret of [token, phone, password, '411001', 'TSW-10001&']) expect(log).not.toContain(secret);
    expect(urls).toEqual(
      expect.arrayContaining([
        `/api/delivery-choice/TSW-10001/${REDACTED}`,
        `/delivery/TSW-10001/${REDACTED}`,
        `/advance/TSW-10001/${REDACTED}`,
        `/api/advance-link/TSW-10001/${REDACTED}`,
        `/api/advance-link/TSW-10001/${REDACTED}/qr.svg`,
        `/api/password-resets/${REDACTED}`,
        `/reset-password/${REDACTED}/`,
        `/api/track?order=${REDACTED}&phone=${REDACTED}`,
        `/api/delivery/${REDACTED}`,
        `/login?number=${REDACTED}&password=${REDACTED}`,
        `/no-such-page/${REDACTED}`,
      ]),
    );
  });

  it('keeps neither the phone, a password nor a UPI reference of a form post, refused or not (issue 34 item 7b)', async () => {
    const phone = '9876501299';
    const utr = '412345678901';
    const token = randomBytes(24).toString('base64url');
    const posts = [
      [`/advance/TSW-10001/${token}`, { utr }],
      ['/signup', { name: 'Lata Iyer', number: phone, email: 'lata@example.in', address: 'x', password: 'pw-typed-1' }],
      ['/login', { number: phone, password: 'pw-typed-2' }],
      ['/change-password', { currentPassword: 'pw-typed-3', newPassword: 'pw-typed-4' }],
      ['/editprofile', { name: 'Lata', number: phone, email: 'lata@example.in', addresses: 'x' }],
    ] as const;
    for (const [url, fields] of posts) {
      await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost' },
        payload: new URLSearchParams(fields).toString(),
      });
    }
    const log = lines.join('\n');
    expect(log).toContain('"/signup"');
    expect(log).toContain(`"/advance/TSW-10001/${REDACTED}"`);
    for (const secret of [phone, utr, token, 'pw-typed-1', 'pw-typed-2', 'pw-typed-3', 'pw-typed-4'])
      expect(log).not.toContain(secret);
  });
});

describe('UrlRedactor', () => {
  it('replaces only the secret parameters of the pattern that matches', () => {
    const r = new UrlRedactor(['/api/orders/:orderNumber', '/delivery/:orderNumber/:token', '/:id/:name']);
    expect(r.redact('/api/orders/TSW-10001')).toBe('/api/orders/TSW-10001');
    expect(r.redact('/delivery/TSW-10001/abc')).toBe(`/delivery/TSW-10001/${REDACTED}`);
    expect(r.redact('/product/men')).toBe('/product/men');
    expect(r.redact('/search?q=titan&&x')).toBe(`/search?q=${REDACTED}&&x`);
  });
});
