/**
 * The review form's post (docs/product.md#reviews; docs/decisions/066-verified-reviews.md): the
 * link's page holds one plain form per watch, posting multipart to the page's own address with its
 * photos, with or without the script (a file input needs no script, and one way of sending means
 * one way to test). Limits first, then the fields by the API's schema, then each photo through the
 * product pictures' code (media/store.ts: decoded, size and type checked, metadata stripped),
 * then the save. Done: 303 back to the page, which then shows the review and its state; a refusal
 * answers the page with its message and what was typed (http/form-post.ts; photos must be chosen
 * again: a browser never refills a file input). Same-origin only, like every POST.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PAGE_ROUTES } from '../../common/page-paths.ts';
import { REVIEW_PHOTO_BYTES, REVIEW_PHOTO_MIN_PX, REVIEW_PHOTOS_MAX, reviewFormId } from '../../common/review-rules.ts';
import { reviewInputSchema } from '../../common/schemas/review.ts';
import { AppError } from '../http/errors.ts';
import { answerFormPost, checked } from '../http/form-post.ts';
import { multipartClientError } from '../http/multipart-errors.ts';
import { OutageError, outageOf } from '../http/service-unavailable.ts';
import { ImageTooSmallError, NotAnImageError, storeImage } from '../media/store.ts';
import { isSafeFileName } from '../media/upload-routes.ts';
import { reviewLinkOrder, saveReview, takeReviewSlots } from './writing.ts';

const PAGE_PATTERN = '/review/:orderNumber/:token' satisfies keyof typeof PAGE_ROUTES;
const TEXT_FIELDS = ['lineNo', 'stars', 'title', 'text', 'displayName'] as const;
const PHOTO_MESSAGE = `Please choose at most ${REVIEW_PHOTOS_MAX} photos, each a JPEG, PNG, WebP, AVIF or HEIC picture of at most 8 MB.`;
export const PHOTO_TOO_SMALL = `This photo is too small to show clearly. Please choose one at least ${REVIEW_PHOTO_MIN_PX} pixels wide and high, as your phone's camera takes.`;

interface Posted {
  fields: Record<string, string>;
  keepPhotos: string[];
  photos: Buffer[];
}

/** Every part read first (and its size checked) before anything is stored. */
async function readPost(request: FastifyRequest): Promise<Posted> {
  const posted: Posted = { fields: {}, keepPhotos: [], photos: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // An empty file input still sends a part with no name and no bytes.
        if (part.filename === '') {
          part.file.resume();
          continue;
        }
        if (part.fieldname !== 'photos' || !isSafeFileName(part.filename)) {
          part.file.resume();
          throw new AppError(400, 'invalid', PHOTO_MESSAGE, { photos: PHOTO_MESSAGE });
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, 'too_large', PHOTO_MESSAGE, { photos: PHOTO_MESSAGE });
        if (data.length > 0) posted.photos.push(data);
      } else if (part.fieldname === 'keepPhotos') {
        posted.keepPhotos.push(String(part.value));
      } else if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
        posted.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code } = err as { code?: string };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'too_large', PHOTO_MESSAGE, { photos: PHOTO_MESSAGE });
    }
    throw multipartClientError(err);
  }
  if (posted.photos.length > REVIEW_PHOTOS_MAX)
    throw new AppError(400, 'invalid', PHOTO_MESSAGE, { photos: PHOTO_MESSAGE });
  return posted;
}

export const reviewFormRoute: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    preservePath: true,
    limits: {
      fileSize: REVIEW_PHOTO_BYTES,
      files: REVIEW_PHOTOS_MAX + 1,
      fields: 20,
      fieldSize: 8192,
      parts: 30,
      fieldNameSize: 50,
      headerPairs: 50,
    },
  });

  app.post<{ Params: { orderNumber: string; token: string } }>(
    PAGE_PATTERN,
    { schema: { hide: true }, bodyLimit: (REVIEW_PHOTOS_MAX + 1) * REVIEW_PHOTO_BYTES },
    async (request, reply) => {
      const { orderNumber, token } = request.params;
      const path = request.url.split('?', 1)[0]!;
      const values: Record<string, string> = {};
      let lineNo = '0';
      return answerFormPost(
        app,
        request,
        reply,
        {
          path,
          get id() {
            return reviewFormId(lineNo);
          },
          values,
          get done() {
            return `${path}?saved=${encodeURIComponent(lineNo)}#${reviewFormId(lineNo)}`;
          },
        },
        async () => {
          const order = await reviewLinkOrder(app.db, app.config, orderNumber, token);
          await takeReviewSlots(app.db, order, request.ip);
          const posted = await readPost(request);
          Object.assign(values, posted.fields);
          lineNo = /^\d{1,4}$/.test(posted.fields.lineNo ?? '') ? posted.fields.lineNo! : '0';
          const input = checked(reviewInputSchema, { ...posted.fields, keepPhotos: posted.keepPhotos });
          const photos: string[] = [];
          for (const data of posted.photos) {
            try {
              photos.push((await storeImage(app.media, data, { minSide: REVIEW_PHOTO_MIN_PX })).id);
            } catch (err) {
              if (err instanceof ImageTooSmallError) {
                throw new AppError(400, 'invalid', PHOTO_TOO_SMALL, { photos: PHOTO_TOO_SMALL });
              }
              if (err instanceof NotAnImageError) {
                throw new AppError(415, 'not_an_image', PHOTO_MESSAGE, { photos: PHOTO_MESSAGE });
              }
              if (outageOf(err))
                throw new OutageError('pictures_not_stored', 'the photos could not be stored', { cause: err });
              throw err;
            }
          }
          await saveReview(app.db, app.config, order, input, photos);
        },
      );
    },
  );
};
