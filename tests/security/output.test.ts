/**
 * ASVS V5.3 / V14.4 (output and headers): names, descriptions and addresses
 * holding markup are data, never markup: JSON as typed, and escaped in the
 * server-rendered head; HTML answers carry a CSP without inline script,
 * nosniff, frame protection and a Permissions-Policy; uploaded files are only ever served as WebP
 * images with a sandbox; the advance's QR code is a plain SVG drawing and the
 * owner's private notes stay private; CSV exports defuse spreadsheet formulas.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../src/common/catalog.ts';
import {
  adminCookie,
  createProduct,
  multipart,
  placeOrder,
  pngImage,
  uploadedImageId,
} from '../../src/server/test-support/admin.ts';
import { createTestApp, type TestApp } from '../../src/server/test-support/app.ts';
import { signUp } from '../../src/server/test-support/shoppers.ts';

const SCRIPT = '<script>alert(1)</script>';
const JS_URL = 'javascript:alert(1)';
const EVIL_NAME = `${SCRIPT} Casio ${JS_URL}`;
const EVIL_DESCRIPTION = `"><img src=x onerror=alert(2)> ${JS_URL} </script><script>alert(3)</script>`;
const EVIL_ADDRESS = `12, ${SCRIPT} Lane, near ${JS_URL}, Pune - 411001, MH`;

let t: TestApp;
let dist: string;
let admin: string;
let productId: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  t = await createTestApp({ webDistDir: dist });
  admin = await adminCookie(t, 'xss-owner', 'xss-owner-password-1');
  const image = await uploadedImageId(t, admin);
  productId = await createProduct(t, admin, {
    name: EVIL_NAME,
    category: 'women watch',
    brand: 'Casio',
    description: EVIL_DESCRIPTION,
    images: [image],
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The <script> elements of a page, by their opening tags. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/gi) ?? [];

describe('markup in shop data is data', () => {
  it('the API returns the product’s name and description verbatim, as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toMatchObject({ name: EVIL_NAME, description: EVIL_DESCRIPTION });
    const search = await t.app.inject({ method: 'GET', url: `/api/products/search?q=${encodeURIComponent(SCRIPT)}` });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-type']).toMatch(/^application\/json/);
  });

  it('the product page’s head (title, link preview tags, JSON-LD) escapes it', async () => {
    const res = await t.app.inject({ method: 'GET', url: productPath({ id: productId, name: EVIL_NAME }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // Only the page's own scripts: the site config, the JSON-LD, the embedded API answer and the app bundle.
    expect(scriptTags(html)).toEqual([
      '<script type="application/ld+json">',
      '<script id="site-config" type="application/json">',
      '<script type="application/json" id="initial-data">',
      '<script type="module" src="/assets/app.js">',
    ]);
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62; Casio javascript:alert(1) | ');
    expect(html).toMatch(/<meta property="og:title" content="&#60;script&#62;alert\(1\)/);
    expect(html).toContain('&#34;&#62;&#60;img src=x onerror=alert(2)&#62;');
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
    expect(jsonLd).not.toMatch(/</);
    expect(JSON.parse(jsonLd)).toMatchObject({ name: EVIL_NAME, description: EVIL_DESCRIPTION });
    const embedded = html.match(/<script type="application\/json" id="initial-data"[^>]*>(.*?)<\/script>/s)?.[1] ?? '';
    expect(embedded).not.toMatch(/</);
    expect(JSON.parse(embedded)[`/api/products/${productId}`]).toMatchObject({
      name: EVIL_NAME,
      description: EVIL_DESCRIPTION,
    });
    // A javascript: name never becomes a link target: every URL in the head is the shop's own.
    for (const [, url] of html.matchAll(/(?:href|content)="(https?:[^"]*|javascript:[^"]*)"/g)) {
      expect(url).toMatch(/^https?:\/\/localhost/);
    }
  });

  it('an address holding markup is stored and returned verbatim, as JSON, to the shopper and the admin', async () => {
    const shopper = await signUp(t.app, { name: `Asha ${SCRIPT}`, address: EVIL_ADDRESS });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: shopper.cookie } });
    expect(profile.headers['content-type']).toMatch(/^application\/json/);
    expect(profile.json().user).toMatchObject({ name: `Asha ${SCRIPT}`, addresses: [EVIL_ADDRESS] });
    const orderNumber = await placeOrder(t, shopper.cookie, productId);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderNumber}`,
      headers: { cookie: shopper.cookie },
    });
    expect(own.json().order.address).toBe('12, Sea View, near Church, Mumbai - 400001, Maharashtra');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: { address: EVIL_ADDRESS, idempotencyKey: 'xss-order-1', lines: [{ productId, quantity: 1 }] },
    });
    expect(placed.statusCode).toBe(201);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.json().order.number}`,
      headers: { cookie: admin },
    });
    expect(seen.headers['content-type']).toMatch(/^application\/json/);
    expect(seen.json().order).toMatchObject({ address: EVIL_ADDRESS, userName: `Asha ${SCRIPT}` });
    expect(seen.json().order.lines[0].productName).toBe(EVIL_NAME);
  });

  it('the orders CSV defuses spreadsheet formulas in shoppers’ text', async () => {
    const shopper = await signUp(t.app, { name: '=HYPERLINK("http://evil.example","x")' });
    await placeOrder(t, shopper.cookie, productId);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders/export.csv', headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('the advance: the owner’s notes and the UPI QR code', () => {
  const UPI_NAME = `Time ${SCRIPT} Watches`;
  let upi: TestApp;
  let owner: string;
  let watch: string;
  beforeAll(async () => {
    upi = await createTestApp({ env: { SHOP_UPI_ID: 'timesquare@okhdfcbank', SHOP_UPI_NAME: UPI_NAME } });
    owner = await adminCookie(upi, 'upi-owner', 'upi-owner-password-1');
    watch = await createProduct(upi, owner, { name: EVIL_NAME, category: 'women watch' });
  });
  afterAll(() => upi.close());

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    upi.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('serves the QR code as a plain SVG drawing: no script, handler, link or text, whatever the shop’s name', async () => {
    const shopper = await signUp(upi.app);
    const number = await placeOrder(upi, shopper.cookie, watch);
    const order = (await call(shopper.cookie, 'GET', `/api/orders/${number}`)).json().order;
    // The payee name is percent-encoded inside the link: as JSON data it holds no markup.
    expect(order.advance.payLink).toMatch(/^upi:\/\/pay\?pa=timesquare@okhdfcbank&pn=Time%20%3Cscript%3E/);
    expect(order.advance.payLink).not.toMatch(/[<>"' ]/);
    const qr = await call(shopper.cookie, 'GET', `/api/orders/${number}/advance-qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(qr.headers['x-content-type-options']).toBe('nosniff');
    expect(qr.headers['cache-control']).toBe('no-store');
    expect(String(qr.headers['content-security-policy'])).toContain("script-src 'self'");
    const svg = qr.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Only the drawing's own elements and attributes.
    expect([...new Set([...svg.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1]))].sort()).toEqual(['path', 'svg']);
    expect(svg).not.toMatch(/script|on\w+\s*=|href|javascript:|foreignObject|<text|upi:|Watches/i);
  });

  it('returns the owner’s refusal reason to the shopper verbatim as JSON, and never the note of a waiver', async () => {
    const shopper = await signUp(upi.app);
    const number = await placeOrder(upi, shopper.cookie, watch);
    const reason = `No payment found ${SCRIPT} ${JS_URL}`;
    const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
    expect((await call(shopper.cookie, 'POST', `/api/orders/${number}/advance`, { utr })).statusCode).toBe(200);
    const refused = await call(owner, 'POST', `/api/admin/orders/${number}/advance`, {
      action: 'refused',
      note: reason,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const seen = await call(shopper.cookie, 'GET', `/api/orders/${number}`);
    expect(seen.headers['content-type']).toMatch(/^application\/json/);
    expect(seen.json().order.advance).toMatchObject({ state: 'refused', note: reason, utr: null });

    const waiver = 'Known customer; owes us from the last order';
    const waived = await call(owner, 'POST', `/api/admin/orders/${number}/advance`, { action: 'waived', note: waiver });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().order.advance.note).toBe(waiver);
    for (const url of [`/api/orders/${number}`, '/api/orders?view=all']) {
      const res = await call(shopper.cookie, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain('Known customer');
    }
    expect((await call(shopper.cookie, 'GET', `/api/orders/${number}`)).json().order.advance).toMatchObject({
      state: 'waived',
      note: null,
    });
  });
});

/** The browser features every answer turns off (src/server/http/security.ts): none is used by the shop. */
const FEATURES_OFF = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture'];

/** The Permissions-Policy header as { feature: allowlist }. */
function permissions(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(',')
      .map((d) => d.trim().split('=') as [string, string]),
  );
}

describe('security headers', () => {
  it('HTML pages: a CSP without inline script or eval, nosniff, no framing, a referrer policy', async () => {
    for (const url of ['/', '/product/men-watch', productPath({ id: productId, name: EVIL_NAME }), '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The same as frame-ancestors 'none', for browsers that read only the older header.
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('every answer turns off the browser features the shop does not use, and keeps what the video players need', async () => {
    // The last one Fastify's router refuses before any hook runs (http/errors.ts, answerFrameworkError).
    const urls = [
      '/',
      productPath({ id: productId, name: EVIL_NAME }),
      '/api/health',
      '/api/nothing-here',
      '/api/products/%ED%A0%80',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = permissions(res.headers['permissions-policy']);
      for (const feature of FEATURES_OFF) expect(policy[feature], `${url}: ${feature}`).toBe('()');
      // The product page's players are allowed these (video.tsx); the admin copies links (clipboard-write).
      for (const feature of ['fullscreen', 'picture-in-picture', 'encrypted-media', 'clipboard-write'])
        expect(policy[feature], `${url}: ${feature}`).toBeUndefined();
      // Well-formed: "feature=()" each, no empty or doubled entries.
      expect(String(res.headers['permissions-policy'])).toMatch(/^[a-z-]+=\(\)(, [a-z-]+=\(\))*$/);
    }
  });

  it('API answers, errors included: nosniff and the same CSP', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/products/%ED%A0%80']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('uploaded files are only ever images', () => {
  it('serves an upload as image/webp with nosniff and a sandbox CSP', async () => {
    const id = await uploadedImageId(t, admin, { r: 1, g: 2, b: 3 });
    for (const width of [240, 480, 960, 1600]) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${id}/${width}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('refuses HTML, SVG with script and scripts dressed as images, and keeps nothing of them', async () => {
    const disguised = [
      { name: 'watch.png', data: Buffer.from(`<html>${SCRIPT}</html>`) },
      { name: 'watch.svg', data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`) },
      { name: 'watch.gif', data: Buffer.from(`GIF89a${SCRIPT}`) },
    ];
    for (const file of disguised) {
      const body = multipart([file]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { cookie: admin, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().error.message).toContain('is not an image we can read');
    }
    // A real image with a script in its name is stored by content; the name is never used.
    const named = multipart([{ name: 'a<script>.png', data: await pngImage(20, 20) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { cookie: admin, ...named.headers },
      payload: named.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().images[0].id).toMatch(/^[a-f0-9]{32}$/);
  });

  it('serves nothing else from the uploads folder', async () => {
    writeFileSync(join(t.config.uploadsDir, 'evil.html'), `<html>${SCRIPT}</html>`);
    for (const url of [
      '/media/evil.html',
      '/media/../evil.html',
      '/media/%2e%2e/evil.html',
      `/media/${'a'.repeat(32)}/evil.html`,
      `/media/${'a'.repeat(32)}/240.html`,
      '/uploads/evil.html',
      '/evil.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain(SCRIPT);
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});
