/** GET /api/home: the home page in one call (home/answer.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogApi } from '../../common/catalog-api.ts';
import { homeResponseSchema } from '../../common/schemas/catalog.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { contractRoute } from '../http/contract-route.ts';
import { homeAnswer } from './answer.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, catalogApi.home, {
      tags: ['catalog'],
      summary:
        'The home page in one call: latest products, category counts, banners and reels, and the newest published photo reviews',
      response: { 200: homeResponseSchema },
    }),
    handler: async (request, reply) => sendCachedJson(request, reply, await homeAnswer(app.db)),
  });
};
