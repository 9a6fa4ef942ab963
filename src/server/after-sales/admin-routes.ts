/**
 * The owner's AFTER-SALES queue (docs/product.md#after-sales), inside the admin scope
 * (admin/routes.ts, behind requireAdmin): the requests, approving or refusing one, the return
 * parcel's step by hand, "Received back and checked" with its photos, and the end (the replacement
 * order, or a refund, recorded once paid).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterSalesApi } from '../../common/after-sales-api.ts';
import { MAX_REQUEST_PHOTOS } from '../../common/after-sales-rules.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import {
  adminRequestReplySchema,
  afterSalesListQuerySchema,
  afterSalesPageSchema,
  checkRequestSchema,
  decideRequestSchema,
  finishRequestSchema,
  photoUploadReplySchema,
  requestNumberParamsSchema,
  requestRefundSchema,
  returnStepSchema,
} from '../../common/schemas/after-sales.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { imageExists } from '../media/store.ts';
import { readFiles, storeFiles } from '../media/upload-routes.ts';
import { checkRequest, decideRequest, finishRequest, refundRequest, setReturnStep } from './owner-steps.ts';
import { countQueue, findAdminRequest, listQueue, REQUEST_NOT_FOUND } from './queries.ts';
import { bookCourierReturn } from './return-booking.ts';
import { PHOTO_MULTIPART, PHOTOS_NOT_FOUND } from './routes.ts';

export const afterSalesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, PHOTO_MULTIPART);
  const courierReturns = app.courier.returns !== undefined;
  const reply = async (number: string) => {
    const request = await findAdminRequest(app.db, app.config, number, courierReturns);
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    return { request };
  };

  app.route({
    ...contractRoute(app, afterSalesApi.list, {
      tags: ['admin'],
      summary: 'After-sales requests: open (oldest first) or all, 40 a page, with the open count',
      querystring: afterSalesListQuerySchema,
      response: { 200: afterSalesPageSchema },
    }),
    handler: async (request) => {
      const { view, page } = request.query;
      const [total, items, openCount] = await Promise.all([
        countQueue(app.db, view),
        listQueue(app.db, app.config, view, PAGE_SIZE, (page - 1) * PAGE_SIZE, courierReturns),
        countQueue(app.db, 'open'),
      ]);
      return { items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), openCount };
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.decide, {
      tags: ['admin'],
      summary: 'Approve a request (with how the watch comes back) or refuse it with a reason the shopper reads',
      params: requestNumberParamsSchema,
      body: decideRequestSchema,
      response: {
        200: adminRequestReplySchema,
        400: errorSchema,
        404: errorSchema,
        409: errorSchema,
        502: errorSchema,
      },
    }),
    handler: async (request) => {
      const { requestNumber } = request.params;
      const { bookReturn } = await decideRequest(
        app.db,
        app.config,
        requestNumber,
        request.adminId as string,
        request.body,
        courierReturns,
      );
      if (bookReturn) await bookCourierReturn(app.db, app.config, app.courier, requestNumber);
      app.mail.nudge();
      return reply(requestNumber);
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.returnStep, {
      tags: ['admin'],
      summary: 'Move the return parcel’s step by hand (a typed AWB, or the shopper’s own parcel)',
      params: requestNumberParamsSchema,
      body: returnStepSchema,
      response: { 200: adminRequestReplySchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request) => {
      await setReturnStep(app.db, request.params.requestNumber, request.body.step);
      return reply(request.params.requestNumber);
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.checkPhotos, {
      tags: ['admin'],
      summary: 'Store the check’s photos (multipart field "photos", at most 4); answers their ids',
      params: requestNumberParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 201: photoUploadReplySchema, 413: errorSchema, 415: errorSchema },
    }),
    handler: async (request, res) => {
      const files = await readFiles(request.files(), { field: 'photos', max: MAX_REQUEST_PHOTOS });
      const stored = await storeFiles(app.media, files);
      return res.status(201).send({ photos: stored.map((s) => s.id) });
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.check, {
      tags: ['admin'],
      summary: 'Received back and checked: pass or fail, with a note and photos',
      params: requestNumberParamsSchema,
      body: checkRequestSchema,
      response: { 200: adminRequestReplySchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request) => {
      for (const id of request.body.photos) {
        if (!(await imageExists(app.media, id))) throw badRequest(PHOTOS_NOT_FOUND, { photos: PHOTOS_NOT_FOUND });
      }
      await checkRequest(app.db, app.config, request.params.requestNumber, request.adminId as string, request.body);
      app.mail.nudge();
      return reply(request.params.requestNumber);
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.finish, {
      tags: ['admin'],
      summary: 'End a checked request: its replacement order, or (a problem report) a refund to record',
      params: requestNumberParamsSchema,
      body: finishRequestSchema,
      response: { 200: adminRequestReplySchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request) => {
      await finishRequest(
        app.db,
        app.config,
        request.params.requestNumber,
        request.adminId as string,
        request.body.outcome,
      );
      app.mail.nudge();
      return reply(request.params.requestNumber);
    },
  });

  app.route({
    ...contractRoute(app, afterSalesApi.refund, {
      tags: ['admin'],
      summary:
        'Record the refund paid for a problem report (amount, UPI or bank reference, date): at most the watch’s price and what the buyer paid',
      params: requestNumberParamsSchema,
      body: requestRefundSchema,
      response: { 200: adminRequestReplySchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request) => {
      await refundRequest(app.db, app.config, request.params.requestNumber, request.adminId as string, request.body);
      app.mail.nudge();
      return reply(request.params.requestNumber);
    },
  });
};
