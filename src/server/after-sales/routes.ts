/**
 * The shopper's after-sales routes (docs/product.md#after-sales), inside the orders scope (its
 * shopper guard and no-store answers; src/server/routes.ts hands them in): an order's windows and
 * requests, asking one, and a problem report's photos (multipart field "photos", at most
 * MAX_REQUEST_PHOTOS of at most MAX_PHOTO_BYTES each, each decoded and stripped by media/store.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterSalesApi } from '../../common/after-sales-api.ts';
import { MAX_PHOTO_BYTES, MAX_REQUEST_PHOTOS } from '../../common/after-sales-rules.ts';
import {
  afterSalesRequestInputSchema,
  orderAfterSalesSchema,
  photoUploadReplySchema,
} from '../../common/schemas/after-sales.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { orderNumberParamsSchema } from '../../common/schemas/order.ts';
import { takeSlots } from '../auth/rate-limit.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { imageExists } from '../media/store.ts';
import { readFiles, storeFiles } from '../media/upload-routes.ts';
import { askRequest } from './ask.ts';
import { orderAfterSales, ownOrderStatus } from './shopper-view.ts';

/** Photo uploads one shopper may make in an hour (each up to 4 photos). */
export const PHOTO_UPLOADS_PER_HOUR = 20;
export const PHOTOS_NOT_FOUND = 'Please attach the photos again: one of them was not stored.';

/** Multipart in the scopes that take photos only, with the photos' own limits (as media/upload-routes.ts). */
export const PHOTO_MULTIPART = {
  preservePath: true,
  limits: {
    fileSize: MAX_PHOTO_BYTES,
    files: MAX_REQUEST_PHOTOS,
    fields: 0,
    parts: MAX_REQUEST_PHOTOS,
    fieldNameSize: 50,
    headerPairs: 50,
  },
};

export const afterSalesShopperRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, PHOTO_MULTIPART);

  app.route({
    ...contractRoute(app, afterSalesApi.forOrder, {
      tags: ['orders'],
      summary: 'A delivered order’s exchange and problem windows, and each line’s request',
      params: orderNumberParamsSchema,
      response: { 200: orderAfterSalesSchema },
    }),
    handler: async (request) => orderAfterSales(app.db, app.config, request.userId!, request.params.orderNumber),
  });

  app.route({
    ...contractRoute(app, afterSalesApi.ask, {
      tags: ['orders'],
      summary: 'Ask an exchange, or report a wrong, damaged or faulty watch, on one line of a delivered order',
      params: orderNumberParamsSchema,
      body: afterSalesRequestInputSchema,
      response: { 201: orderAfterSalesSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request, reply) => {
      const { orderNumber } = request.params;
      for (const id of request.body.photos) {
        if (!(await imageExists(app.media, id))) throw badRequest(PHOTOS_NOT_FOUND, { photos: PHOTOS_NOT_FOUND });
      }
      await askRequest(app.db, app.config, request.userId!, orderNumber, request.body);
      app.mail.nudge();
      return reply.status(201).send(await orderAfterSales(app.db, app.config, request.userId!, orderNumber));
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.photos, {
      tags: ['orders'],
      summary: 'Store a problem report’s photos (multipart field "photos", at most 4); answers their ids',
      params: orderNumberParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 201: photoUploadReplySchema, 404: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => {
      // Only for the shopper's own delivered order: a stranger cannot store pictures here.
      const status = await ownOrderStatus(app.db, request.userId!, request.params.orderNumber);
      if (status !== 'delivered') throw new AppError(404, 'not_found', 'This order does not exist');
      const limit = { key: `after-sales-photos@${request.userId}`, max: PHOTO_UPLOADS_PER_HOUR, windowMs: 3_600_000 };
      if (await takeSlots(app.db, [limit])) {
        throw new AppError(429, 'too_many_attempts', 'You have sent many photos this hour. Please try again later.');
      }
      const files = await readFiles(request.files(), { field: 'photos', max: MAX_REQUEST_PHOTOS });
      const stored = await storeFiles(app.media, files);
      return reply.status(201).send({ photos: stored.map((s) => s.id) });
    },
  });
};
