/**
 * Pictures in the scenarios: a picture uploaded the way the admin's product form
 * does it, and a scenario's pictures in a bucket of a real S3-compatible server
 * on loopback (src/server/test-support/s3-server.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ObjectInfo } from '../../../src/server/media/storage/object-storage.ts';
import { S3Storage } from '../../../src/server/media/storage/s3-storage.ts';
import { importObjects } from '../../../src/server/media/storage/transfer.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE } from '../../../src/server/media/store.ts';
import type { TestS3Server } from '../../../src/server/test-support/s3-server.ts';
import type { Session } from './http.ts';

export interface ScenarioBucket {
  /** The store's environment for the bucket. */
  env: Record<string, string>;
  storage: S3Storage;
  /** Every object in the bucket. */
  objects: () => Promise<ObjectInfo[]>;
}

/** A new PNG of one colour (the same colour gives the same picture id). */
export function pngOf(color: { r: number; g: number; b: number }, size = 640): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads `png` through the store at `url` as the admin whose cookies are given; the picture's id. */
export async function uploadPicture(url: string, cookie: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'reliability.png');
  const res = await fetch(`${url}/api/admin/uploads`, { method: 'POST', body: form, headers: { cookie } });
  const body = (await res.json()) as { images: Array<{ id: string }> };
  if (res.status !== 201) throw new Error(`Upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.images[0]?.id as string;
}

/** An admin uploads `png` and adds a watch showing it, as the product form does; the picture's and the watch's ids. */
export async function addWatchWithPicture(
  admin: Session,
  url: string,
  png: Buffer,
  name: string,
): Promise<{ image: string; productId: string }> {
  const image = await uploadPicture(url, admin.cookieHeader(), png);
  const created = await admin.call(
    'POST',
    '/api/admin/products',
    { name, brand: 'Titan', category: 'original watch', price: 12000, discountPrice: 9999, images: [image] },
    url,
  );
  if (created.status !== 201) throw new Error(`Product failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { image, productId: created.body.product.id as string };
}

/**
 * The seeded pictures copied into a new bucket, and the data folder's own copy
 * removed, so a store that read from disk by mistake would show broken pictures, not pass.
 */
export async function seededBucket(s3: TestS3Server, dataDir: string): Promise<ScenarioBucket> {
  const bucket = await s3.createBucket();
  const storage = new S3Storage(s3.settings(bucket));
  const uploads = join(dataDir, 'uploads');
  await importObjects(storage, uploads, join(dataDir, 'unused-aside'), {
    contentType: IMAGE_CONTENT_TYPE,
    cacheControl: IMAGE_CACHE_CONTROL,
  });
  rmSync(uploads, { recursive: true, force: true });
  return {
    env: s3.env(bucket),
    storage,
    objects: async () => {
      const all: ObjectInfo[] = [];
      for await (const info of storage.list()) all.push(info);
      return all;
    },
  };
}
