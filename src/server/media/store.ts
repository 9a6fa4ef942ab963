/**
 * Image storage (README.md#configuration, docs/decisions/004-demo-images.md): every image is decoded by sharp (which
 * proves it is an image), auto-rotated, stripped of metadata and written as
 * WebP in each storefront width, under a folder named by a hash of its pixels.
 * Writes go to a temporary folder that is renamed into place, so a crash never
 * leaves a half-written image behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_ID_PATTERN, IMAGE_WIDTHS } from '../../common/media.ts';

export class NotAnImageError extends Error {}

/** Largest accepted input, in pixels, against decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

export function imageDir(uploadsDir: string, id: string): string {
  if (!IMAGE_ID_PATTERN.test(id)) throw new Error('invalid image id');
  return join(uploadsDir, id.slice(0, 2), id);
}

export function imageFile(uploadsDir: string, id: string, width: number): string {
  return join(imageDir(uploadsDir, id), `${width}.webp`);
}

/** Stores `input` (any supported image) and returns its id; the same pixels give the same id. */
export async function storeImage(uploadsDir: string, input: Buffer, quality = 78): Promise<StoredImage> {
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
  const id = createHash('sha256')
    .update(`${info.width}x${info.height}x${info.channels}:`)
    .update(data)
    .digest('hex')
    .slice(0, 32);
  const finalDir = imageDir(uploadsDir, id);
  if (await exists(join(finalDir, `${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}.webp`))) {
    return { id, width: info.width, height: info.height };
  }
  const tmpDir = join(uploadsDir, '.tmp', `${id}-${randomBytes(6).toString('hex')}`);
  await mkdir(tmpDir, { recursive: true });
  try {
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    for (const width of IMAGE_WIDTHS) {
      await sharp(data, raw)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality, effort: 4 })
        .toFile(join(tmpDir, `${width}.webp`));
    }
    await mkdir(join(uploadsDir, id.slice(0, 2)), { recursive: true });
    try {
      await rename(tmpDir, finalDir);
    } catch (err) {
      // Another request stored the same image first: theirs is complete, keep it.
      if (!(await exists(finalDir))) throw err;
    }
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
  return { id, width: info.width, height: info.height };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
