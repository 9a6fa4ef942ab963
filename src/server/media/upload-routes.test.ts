import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, multipart, pngImage } from '../admin/test-helpers.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { isSafeFileName } from './upload-routes.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t);
});
afterAll(() => t.close());

function upload(files: Parameters<typeof multipart>[0]) {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { cookie: admin, ...body.headers },
    payload: body.payload,
  });
}

/** Every stored image folder (two-character shard / id), and leftovers in .tmp. */
function storedIds(): string[] {
  const dir = t.config.uploadsDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => d !== '.tmp')
    .flatMap((shard) => readdirSync(join(dir, shard)));
}
function tmpLeftovers(): string[] {
  const tmp = join(t.config.uploadsDir, '.tmp');
  return existsSync(tmp) ? readdirSync(tmp) : [];
}

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
    const before = storedIds();
    const res = await upload([
      { name: 'photo.jpg', data: Buffer.from('just some text, not an image\n'.repeat(20)), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(
      '“photo.jpg” is not an image we can read. Please upload JPEG, PNG, WebP, AVIF or GIF files.',
    );
    expect(storedIds()).toEqual(before);
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
    const shard = join(t.config.uploadsDir, id.slice(0, 2), id);
    for (const file of readdirSync(shard)) {
      expect(readFileSync(join(shard, file)).toString('latin1')).not.toContain('<script>');
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
    const before = storedIds();
    const res = await upload([{ name, data: await pngImage(12, 12, { r: 9, g: 9, b: 9 }) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This file name is not allowed. Please rename the file (letters, digits, dashes) and try again.',
    );
    expect(storedIds()).toEqual(before);
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

describe('isSafeFileName', () => {
  it('allows ordinary names and refuses tricks', () => {
    expect(isSafeFileName('IMG_2024-01-05 (2).JPG')).toBe(true);
    expect(isSafeFileName('घड़ी.png')).toBe(true);
    for (const bad of ['', '..', 'a/b.png', 'a\\b.png', 'c:evil.png', '.env', 'x\n.png', 'a'.repeat(201)]) {
      expect(isSafeFileName(bad)).toBe(false);
    }
  });
});
