/**
 * The owner's REVIEWS queue (docs/product.md#reviews): the reviews by state, publish, reject with
 * the policy's reason, reply in public. No route changes a review's words or stars. Registered
 * inside the admin scope (admin/routes.ts), behind requireAdmin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../common/constants.ts';
import { reviewApi } from '../../common/review-api.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import {
  adminReviewPageSchema,
  adminReviewParamsSchema,
  adminReviewReplySchema,
  adminReviewsQuerySchema,
  rejectReviewSchema,
  replyReviewSchema,
} from '../../common/schemas/review.ts';
import { contractRoute } from '../http/contract-route.ts';
import { publishReview, rejectReview, replyToReview } from './moderation.ts';
import { listAdminReviews } from './queries.ts';

export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, reviewApi.adminList, {
      tags: ['admin'],
      summary: 'Reviews by state: waiting (oldest first), published or rejected',
      querystring: adminReviewsQuerySchema,
      response: { 200: adminReviewPageSchema },
    }),
    handler: async (request) => listAdminReviews(app.db, request.query.status, request.query.page, PAGE_SIZE),
  });

  app.route({
    ...contractRoute(app, reviewApi.publish, {
      tags: ['admin'],
      summary: 'Publish a review as written (every rating counts)',
      params: adminReviewParamsSchema,
      response: { 200: adminReviewReplySchema, 404: errorSchema },
    }),
    handler: async (request) => ({ review: await publishReview(app.db, request.params.id) }),
  });

  app.route({
    ...contractRoute(app, reviewApi.reject, {
      tags: ['admin'],
      summary: 'Reject a review by one of the policy’s reasons; its writer is told the reason',
      params: adminReviewParamsSchema,
      body: rejectReviewSchema,
      response: { 200: adminReviewReplySchema, 404: errorSchema },
    }),
    handler: async (request) => {
      const review = await rejectReview(app.db, app.config, request.params.id, request.body.reason);
      app.mail.nudge();
      return { review };
    },
  });

  app.route({
    ...contractRoute(app, reviewApi.reply, {
      tags: ['admin'],
      summary: 'The shop’s public reply, shown under the review',
      params: adminReviewParamsSchema,
      body: replyReviewSchema,
      response: { 200: adminReviewReplySchema, 404: errorSchema },
    }),
    handler: async (request) => ({ review: await replyToReview(app.db, request.params.id, request.body.reply) }),
  });
};
