/**
 * Image storage (README.md#configuration, docs/decisions/004-demo-images.md,
 * docs/decisions/018-object-storage.md): every image is decoded by sharp (which
 * proves it is an image), auto-rotated, stripped of metadata and written as
 * WebP in each storefront width, under keys named by a hash of its pixels, to
 * the store's object storage (a folder or a bucket). Each object is written
 * whole or not at all, and the largest width goes last: its presence means the
 * image is complete, so a crash part-way leaves an image that is simply stored
 * again, never one that is half there.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_ID_PATTERN, IMAGE_WIDTHS, imageObjectKey } from '../../common/media.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

export class NotAnImageError extends Error {}
/** A readable image whose shorter side is under the caller's minimum (StoreOptions.minSide). */
export class ImageTooSmallError extends Error {}

/** Largest accepted input, in pixels, against decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);
const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

/** How every picture is sent, by the app and (with S3_PUBLIC_URL) by the bucket: the URL changes whenever the pixels do. */
export const IMAGE_CONTENT_TYPE = 'image/webp';
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/** "ab/abcd…/480.webp": a two-character shard keeps folders on disk small; the same keys serve a bucket and backups. */
export function imageKey(id: string, width: number): string {
  if (!IMAGE_ID_PATTERN.test(id)) throw new Error('invalid image id');
  return imageObjectKey(id, width);
}

/** Where a picture is on disk when the store keeps pictures in DATA_DIR/uploads. */
export function imageFile(uploadsDir: string, id: string, width: number): string {
  return join(uploadsDir, imageKey(id, width));
}

/** True when every width of the image was stored (the largest is written last). */
export async function imageExists(storage: ObjectStorage, id: string): Promise<boolean> {
  return (await storage.head(imageKey(id, LARGEST_WIDTH))) !== null;
}

/** Stores `input` (any supported image) and returns its id; the same pixels give the same id. */
export async function storeImage(
  storage: ObjectStorage,
  input: Buffer,
  /** minSide: the shorter side's least pixels (a review photo's, reviews/form-route.ts); 0 for any. */
  { quality = 78, minSide = 0 }: { quality?: number; minSide?: number } = {},
): Promise<StoredImage> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new NotAnImageError('unsupported format');
    // Only the first frame of an animation; rotate() applies EXIF orientation.
    decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof NotAnImageError) throw err;
    throw new NotAnImageError('not a readable image');
  }
  const { data, info } = decoded;
  // Checked before anything is stored: a refused picture leaves nothing behind.
  if (Math.min(info.width, info.height) < minSide) throw new ImageTooSmallError(`${info.width}x${info.height}`);
  const id = createHash('sha256')
    .update(`${info.width}x${info.height}x${info.channels}:`)
    .update(data)
    .digest('hex')
    .slice(0, 32);
  if (await imageExists(storage, id)) return { id, width: info.width, height: info.height };
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // Ascending, so the largest (the completeness mark) is written last.
  for (const width of IMAGE_WIDTHS) {
    const webp = await sharp(data, raw)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer();
    await storage.put(imageKey(id, width), webp, {
      contentType: IMAGE_CONTENT_TYPE,
      cacheControl: IMAGE_CACHE_CONTROL,
    });
  }
  return { id, width: info.width, height: info.height };
}
