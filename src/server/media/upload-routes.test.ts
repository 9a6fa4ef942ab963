/**
 * Upload, serve and delete, against both picture storages (a folder and a real
 * S3-compatible server on loopback) on both databases: the routes must not be
 * able to tell them apart (docs/decisions/018-object-storage.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../common/media.ts';
import { adminCookie, createProduct, multipart, pngImage } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.ts';
import { imageKey } from './store.ts';
import { isSafeFileName } from './upload-routes.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const COMBINATIONS = TEST_DIALECTS.flatMap((dialect) =>
  (['disk', 's3'] as const).map((storage) => [dialect, storage] as const),
);

describe.each(COMBINATIONS)('pictures on %s with %s storage', (dialect, storage) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: storage === 's3' ? s3.env(await s3.createBucket()) : {} });
    admin = await adminCookie(t);
  });
  afterAll(() => t?.close());

  function upload(files: Parameters<typeof multipart>[0]) {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
  }

  /** Every stored object's key. */
  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const info of t.app.media.list()) keys.push(info.key);
    return keys.sort();
  }

  /** Ids of stored images, each checked to have every width (none is half stored). */
  async function storedIds(): Promise<string[]> {
    const keys = await storedKeys();
    const ids = [...new Set(keys.map((k) => k.split('/')[1] as string))];
    for (const id of ids) expect(keys.filter((k) => k.includes(`/${id}/`)).length, id).toBe(IMAGE_WIDTHS.length);
    return ids.sort();
  }

  /** Unfinished writes: a folder keeps them in .tmp until renamed; a bucket has none to leave. */
  function tmpLeftovers(): string[] {
    const tmp = join(t.config.uploadsDir, '.tmp');
    return storage === 'disk' && existsSync(tmp) ? readdirSync(tmp) : [];
  }

  it('keeps the pictures where the configuration says', () => {
    expect(t.app.media.kind).toBe(storage);
  });

  describe('POST /api/admin/uploads', () => {
    it('stores a real JPEG as WebP in every storefront width, without metadata, served immutable', async () => {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
        .jpeg()
        .toBuffer();
      const res = await upload([{ name: 'My Watch (1).jpg', data: jpeg, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(201);
      const [image] = res.json().images;
      // Orientation 6 means "rotate 90°": the stored picture is upright (portrait).
      expect(image).toMatchObject({ width: 200, height: 300 });
      const served = await t.app.inject({ method: 'GET', url: `/media/${image.id}/480.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('secret-gps-owner');
      for (const w of [240, 480, 960, 1600]) {
        expect((await t.app.inject({ method: 'GET', url: `/media/${image.id}/${w}.webp` })).statusCode).toBe(200);
      }
    });

    it('accepts several images at once (PNG, WebP, GIF first frame) and the same pixels give the same id', async () => {
      const png = await pngImage(40, 40, { r: 1, g: 2, b: 3 });
      const webp = await sharp(png).webp({ lossless: true }).toBuffer();
      const gif = await sharp(png).gif().toBuffer();
      const res = await upload([
        { name: 'a.png', data: png },
        { name: 'b.webp', data: webp },
        { name: 'c.gif', data: gif },
      ]);
      expect(res.statusCode).toBe(201);
      const ids = res.json().images.map((i: { id: string }) => i.id);
      expect(ids).toHaveLength(3);
      expect(ids[0]).toBe(ids[1]);
    });

    it('refuses a text file renamed .jpg with a clear message and stores nothing', async () => {
      const before = await storedIds();
      const res = await upload([
        { name: 'photo.jpg', data: Buffer.from('just some text, not an image\n'.repeat(20)), type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(
        '“photo.jpg” is not an image we can read. Please upload JPEG, PNG, WebP, AVIF or GIF files.',
      );
      expect(await storedIds()).toEqual(before);
      expect(tmpLeftovers()).toEqual([]);
    });

    it('refuses an image header followed by HTML (a polyglot that is no image)', async () => {
      const fake = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      const res = await upload([{ name: 'x.png', data: fake, type: 'image/png' }]);
      expect(res.statusCode).toBe(415);
      expect(tmpLeftovers()).toEqual([]);
    });

    it('neutralises a real image carrying a script after its end (a GIFAR-style polyglot): only pixels are kept', async () => {
      const payload = '<script>alert("owned")</script>';
      const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa0000' } })
        .jpeg()
        .toBuffer();
      const res = await upload([{ name: 'poly.jpg', data: Buffer.concat([jpeg, Buffer.from(payload)]) }]);
      expect(res.statusCode).toBe(201);
      const { id } = res.json().images[0];
      for (const width of IMAGE_WIDTHS) {
        const object = await t.app.media.get(imageKey(id, width));
        const bytes = Buffer.from(await text(object?.body as NodeJS.ReadableStream), 'latin1');
        expect(bytes.toString('latin1')).not.toContain('<script>');
      }
    });

    it('refuses a file over 10 MB with a clear 413', async () => {
      const res = await upload([{ name: 'huge.png', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('Each image must be at most 10 MB');
      expect(tmpLeftovers()).toEqual([]);
    });

    it('refuses more than 10 files in one request', async () => {
      const png = await pngImage(8, 8);
      const res = await upload(Array.from({ length: 11 }, (_, i) => ({ name: `w${i}.png`, data: png })));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('Please upload at most 10 images at a time');
    });

    it.each([
      '../../etc/passwd.jpg',
      '..\\..\\win.ini.png',
      '/etc/shadow.png',
      'ok/../../x.png',
      '.htaccess',
      'a\u0000.png',
    ])('refuses the file name %j and stores nothing', async (name) => {
      const before = await storedIds();
      const res = await upload([{ name, data: await pngImage(12, 12, { r: 9, g: 9, b: 9 }) }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        'This file name is not allowed. Please rename the file (letters, digits, dashes) and try again.',
      );
      expect(await storedIds()).toEqual(before);
      expect(existsSync(join(t.config.uploadsDir, '..', 'etc'))).toBe(false);
    });

    it('needs at least one file, in the "images" field, sent as multipart', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { cookie: admin, ...multipart([]).headers },
        payload: multipart([]).payload,
      });
      expect(empty.statusCode).toBe(400);
      const wrongField = await upload([{ name: 'a.png', data: await pngImage(), field: 'avatar' }]);
      expect(wrongField.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { cookie: admin },
        payload: { a: 1 },
      });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
    });
  });

  describe('GET /media/:id/:width.webp', () => {
    it('serves each width with the same headers from either storage, and HEAD without a body', async () => {
      const res = await upload([{ name: 'w.png', data: await pngImage(50, 30, { r: 5, g: 6, b: 7 }) }]);
      const { id } = res.json().images[0];
      for (const width of IMAGE_WIDTHS) {
        const served = await t.app.inject({ method: 'GET', url: `/media/${id}/${width}.webp` });
        expect(served.statusCode).toBe(200);
        expect(served.headers).toMatchObject({
          'content-type': 'image/webp',
          'content-length': String(served.rawPayload.length),
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; sandbox",
          'x-content-type-options': 'nosniff',
        });
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
        const head = await t.app.inject({ method: 'HEAD', url: `/media/${id}/${width}.webp` });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-length']).toBe(String(served.rawPayload.length));
        expect(head.rawPayload.length).toBe(0);
      }
    });

    it('answers 404 for a picture that is not stored, and for one deleted from the storage', async () => {
      const res = await upload([{ name: 'd.png', data: await pngImage(20, 20, { r: 70, g: 7, b: 7 }) }]);
      const { id } = res.json().images[0];
      expect((await t.app.inject({ method: 'GET', url: `/media/${'f'.repeat(32)}/480.webp` })).statusCode).toBe(404);
      await t.app.media.delete(imageKey(id, 480));
      // Nothing is cached in the process: the next request already finds it gone.
      const gone = await t.app.inject({ method: 'GET', url: `/media/${id}/480.webp` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe('No such image');
      expect((await t.app.inject({ method: 'HEAD', url: `/media/${id}/480.webp` })).statusCode).toBe(404);
    });
  });

  describe('product pictures', () => {
    it('a product may name only pictures the storage holds whole', async () => {
      const res = await upload([{ name: 'p.png', data: await pngImage(30, 30, { r: 1, g: 99, b: 9 }) }]);
      const { id } = res.json().images[0];
      expect(await createProduct(t, admin, { images: [id] })).toMatch(/^[0-9a-z]{20}$/);
      // Without its largest width (the one written last) the picture counts as not uploaded.
      await t.app.media.delete(imageKey(id, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number));
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: { cookie: admin },
        payload: {
          name: 'Seiko 5 Sports',
          brand: 'Seiko',
          category: 'men watch',
          price: 9000,
          discountPrice: 8000,
          images: [id],
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ 'images.0': 'This image was not uploaded' });
    });
  });
});

describe('isSafeFileName', () => {
  it('allows ordinary names and refuses tricks', () => {
    expect(isSafeFileName('IMG_2024-01-05 (2).JPG')).toBe(true);
    expect(isSafeFileName('घड़ी.png')).toBe(true);
    for (const bad of ['', '..', 'a/b.png', 'a\\b.png', 'c:evil.png', '.env', 'x\n.png', 'a'.repeat(201)]) {
      expect(isSafeFileName(bad)).toBe(false);
    }
  });
});
