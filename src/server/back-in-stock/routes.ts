/** POST /api/back-in-stock: "Notify me" on an out-of-stock watch, open to anyone (docs/product.md#back-in-stock). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backInStockApi } from '../../common/back-in-stock-api.ts';
import { notifyMeReplySchema, notifyMeRequestSchema } from '../../common/schemas/back-in-stock.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { loadUser } from '../auth/guards.ts';
import { contractRoute } from '../http/contract-route.ts';
import { requestBackInStock } from './requests.ts';

export const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, backInStockApi.request, {
      tags: ['catalog'],
      summary: 'Ask to be told once, by WhatsApp or email, when an out-of-stock watch is back',
      body: notifyMeRequestSchema,
      response: { 200: notifyMeReplySchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
    }),
    handler: async (request) => {
      // A logged-in shopper's request keeps their account (and so their messages' language).
      const userId = await loadUser(app, request);
      return requestBackInStock(app.db, app.config, request.body, userId, request.ip);
    },
  });
};
