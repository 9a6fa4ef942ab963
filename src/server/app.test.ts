import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    webDistDir: dist,
    configure: (app) => app.post('/api/test-echo', async (req) => ({ got: req.body })),
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the server', () => {
  it('answers /api/health after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'sqlite', products: 0 });
  });

  it('answers an unknown API route with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'not_found' });
    expect(res.json().error.message).toContain('/api/nothing-here');
  });

  it('refuses malformed JSON, wrong content types and oversized bodies with clear 4xx messages', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('The request body is not valid JSON');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.message).toBe('This request must be sent as JSON');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ s: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('The request is too large');
    for (const res of [malformed, wrongType, huge]) expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Requests from other websites are not allowed');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the app shell for client routes with head tags and the shop details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product/men-watch' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>');
    expect(res.body).toContain('og:title');
    expect(res.body).toContain('<script id="site-config" type="application/json">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('documents the API as OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  it('answers an unknown image with 404 and never serves a path outside the uploads', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/media/${'a'.repeat(32)}/480.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No such image');

    // A file beside the uploads that a path built from the id could reach.
    const outside = join(t.config.uploadsDir, '..', 'secret');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, '480.webp'), 'SECRET-OUTSIDE-UPLOADS');
    // Each has a valid size, so only the id check stands between it and the handler.
    const ids = [
      '..%2Fsecret', // ../secret
      '..%2F..%2F..%2Fetc%2Fpasswd', // ../../../etc/passwd
      `..%5C${'a'.repeat(29)}`, // ..\ and hex: 32 characters
      `${'a'.repeat(30)}%2F.`, // a/. , 32 characters
      'A'.repeat(32), // not lowercase hex
    ];
    for (const id of ids) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: `/media/${id}/480.webp` });
        expect(res.statusCode, `${method} /media/${id}/480.webp`).toBe(400);
        expect(res.body).not.toContain('SECRET');
        if (method === 'GET') expect(res.json().error.message).toBe('No such image');
      }
    }
    // And a valid id with a size that is no file name we write.
    const size = await t.app.inject({ method: 'GET', url: `/media/${'a'.repeat(32)}/..%2F..%2Fsecret%2F480.webp` });
    expect(size.statusCode).toBe(400);
    expect(size.json().error.message).toBe('No such image size');
  });
});
