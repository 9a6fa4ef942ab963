/**
 * S3_PUBLIC_URL: pages point at the bucket (or a CDN in front of it) instead of
 * the app's /media, and the bucket answers with the picture's type and caching
 * because they were stored with it (docs/decisions/018-object-storage.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl, setImageBase } from '../../common/media.ts';
import { adminCookie, uploadedImageId } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { addProduct } from '../test-support/products.ts';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.ts';

let s3: TestS3Server;
let dist: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><!--app-site--><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  await s3?.close();
  rmSync(dist, { recursive: true, force: true });
  setImageBase(null);
});

describe.each(TEST_DIALECTS)('pictures linked at S3_PUBLIC_URL on %s', (dialect) => {
  let t: TestApp;
  let bucketUrl: string;
  beforeAll(async () => {
    const bucket = await s3.createBucket();
    // Path-style, the bucket's own address; a CDN's would do the same.
    bucketUrl = `${s3.endpoint}/${bucket}`;
    t = await createTestApp({
      dialect,
      webDistDir: dist,
      env: { ...s3.env(bucket), S3_PUBLIC_URL: `${bucketUrl}/`, PUBLIC_URL: 'https://shop.example.in' },
    });
  });
  afterAll(() => t?.close());

  it('puts the bucket address in the page: preload, link previews, the browser’s site config and the CSP', async () => {
    const image = await uploadedImageId(t, await adminCookie(t));
    const product = await addProduct(t.app.db, { name: 'Titan Edge', images: [image] });
    const page = await t.app.inject({ method: 'GET', url: `/${product.id}/Titan%20Edge` });
    expect(page.statusCode).toBe(200);
    const shard = `${bucketUrl}/${image.slice(0, 2)}/${image}`;
    expect(page.body).toContain(`imagesrcset="${shard}/480.webp 480w, ${shard}/960.webp 960w`);
    expect(page.body).toContain(`<meta property="og:image" content="${shard}/960.webp">`);
    expect(page.body).not.toContain(`/media/${image}`);
    const siteConfig = JSON.parse(page.body.match(/<script id="site-config"[^>]*>(.*?)<\/script>/)?.[1] ?? '{}');
    expect(siteConfig.imageBase).toBe(bucketUrl);
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: ${s3.endpoint};`);
  });

  it('the bucket serves the picture itself, as image/webp cached for a year', async () => {
    const image = await uploadedImageId(t, await adminCookie(t), { r: 3, g: 200, b: 50 });
    const url = imageUrl(image, 960);
    expect(url.startsWith(bucketUrl)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The app still serves its own /media for links made before (mail, bookmarks).
    const own = await t.app.inject({ method: 'GET', url: `/media/${image}/960.webp` });
    expect(own.statusCode).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(own.rawPayload)).toBe(true);
  });
});
