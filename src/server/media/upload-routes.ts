/**
 * Image upload for the admin's product form: multipart, field "images",
 * at most 10 files of at most 10 MB each (and 50 MB in all). Each file goes
 * through storeImage, which decodes it with sharp (so only real images pass),
 * auto-rotates it, drops its metadata and writes WebP variants atomically. The
 * client's file name is only checked, never used: files are named by content.
 * With the storage unavailable (docs/decisions/025-faults.md) the answer is a 503
 * "The pictures could not be stored. Please try again.", within the storage's time limit.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_IMAGES } from '../../common/constants.ts';
import { mediaApi } from '../../common/media-api.ts';
import { uploadReplySchema } from '../../common/schemas/media.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { multipartClientError } from '../http/multipart-errors.ts';
import { OutageError, outageOf } from '../http/service-unavailable.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import { NotAnImageError, type StoredImage, storeImage } from './store.ts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_REQUEST_BYTES = 50 * 1024 * 1024;

/** File names a person would pick; anything with paths, control characters or dot tricks is refused. */
export function isSafeFileName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  if (/[/\\:]/.test(name) || name.includes('..')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return !name.startsWith('.');
}

type FilesIterator = ReturnType<FastifyRequest['files']>;

/** Which field the pictures come in, and how many at most (the product form's; a problem report's photos). */
export interface ImageParts {
  field: string;
  max: number;
}
const PRODUCT_IMAGES: ImageParts = { field: 'images', max: MAX_IMAGES };

/** Reads every part first, so names, count and sizes are checked before anything is stored. */
export async function readFiles(
  parts: FilesIterator,
  { field, max }: ImageParts = PRODUCT_IMAGES,
): Promise<Array<{ name: string; data: Buffer }>> {
  const files: Array<{ name: string; data: Buffer }> = [];
  let total = 0;
  try {
    for await (const part of parts) {
      if (part.fieldname !== field) throw badRequest(`Send the images in the field named "${field}"`);
      if (!isSafeFileName(part.filename)) {
        part.file.resume();
        throw badRequest(
          'This file name is not allowed. Please rename the file (letters, digits, dashes) and try again.',
        );
      }
      const data = await part.toBuffer();
      total += data.length;
      if (total > MAX_REQUEST_BYTES) {
        throw new AppError(
          413,
          'too_large',
          'These images are too large together. Please upload at most 50 MB at a time.',
        );
      }
      files.push({ name: part.filename, data });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, 'too_many_files', `Please upload at most ${max} images at a time`);
    }
    if (statusCode && statusCode < 500) throw err;
    throw multipartClientError(err);
  }
  return files;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered only in this scope: no other route accepts multipart bodies.
  await app.register(multipart, {
    // Keep the name exactly as sent (busboy would strip directories), so path tricks are refused, not hidden.
    preservePath: true,
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_IMAGES,
      fields: 0,
      parts: MAX_IMAGES,
      fieldNameSize: 50,
      headerPairs: 50,
    },
  });

  app.route({
    ...contractRoute(app, mediaApi.upload, {
      tags: ['admin'],
      summary: 'Upload product images (multipart field "images"); answers their ids',
      consumes: ['multipart/form-data'],
      response: { 201: uploadReplySchema },
    }),
    handler: async (request, reply) => {
      const files = await readFiles(request.files());
      return reply.status(201).send({ images: await storeFiles(app.media, files) });
    },
  });
};

/**
 * Stores each file read by readFiles through storeImage (decoded, rotated, metadata dropped, WebP):
 * a file that is not an image is a 415 naming it; the storage down a 503.
 */
export async function storeFiles(
  media: ObjectStorage,
  files: Array<{ name: string; data: Buffer }>,
): Promise<StoredImage[]> {
  if (files.length === 0) throw badRequest('Please choose at least one image');
  const images: StoredImage[] = [];
  for (const file of files) {
    try {
      images.push(await storeImage(media, file.data));
    } catch (err) {
      if (err instanceof NotAnImageError) {
        throw new AppError(
          415,
          'not_an_image',
          `“${file.name}” is not an image we can read. Please upload JPEG, PNG, WebP, AVIF or GIF files.`,
        );
      }
      // The bucket unreachable (or the disk full): said plainly, answered 503 by the error
      // handler. Nothing names the picture yet, and its largest width, written last, marks it
      // stored, so a part written now is simply written again by the next try.
      if (outageOf(err))
        throw new OutageError('pictures_not_stored', 'the pictures could not be stored', { cause: err });
      throw err;
    }
  }
  return images;
}
