/**
 * The reviews' public API (common/review-api.ts; docs/product.md#reviews): the review link's page
 * (no log-in: the signed token is the key) and a product's published reviews. Writing posts to the
 * page's own address with its photos (form-route.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewApi } from '../../common/review-api.ts';
import { productIdParams } from '../../common/schemas/catalog.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import {
  productReviewsQuerySchema,
  productReviewsSchema,
  reviewLinkParamsSchema,
  reviewLinkReplySchema,
} from '../../common/schemas/review.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { productReviewsAnswer } from './queries.ts';
import { reviewLinkOrder, reviewLinkReply } from './writing.ts';

export const REVIEWS_NOT_FOUND = 'We could not find this watch. It may have been removed from the shop.';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, reviewApi.link, {
      tags: ['reviews'],
      summary: 'An order’s watches and their reviews, through the review link sent after delivery (no log-in)',
      params: reviewLinkParamsSchema,
      response: { 200: reviewLinkReplySchema, 404: errorSchema, 409: errorSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      return reviewLinkReply(app.db, app.config, await reviewLinkOrder(app.db, app.config, orderNumber, token));
    },
  });

  app.route({
    ...contractRoute(app, reviewApi.product, {
      tags: ['reviews'],
      summary: 'A product’s published reviews: average, count, distribution and a page (newest, or with photos first)',
      params: productIdParams,
      querystring: productReviewsQuerySchema,
      response: { 200: productReviewsSchema, 404: errorSchema },
    }),
    handler: async (request, reply) => {
      const { sort, page } = request.query;
      const answer = await productReviewsAnswer(app.db, request.params.id, sort, page);
      if (!answer) throw notFound(REVIEWS_NOT_FOUND);
      return sendCachedJson(request, reply, answer);
    },
  });
};
