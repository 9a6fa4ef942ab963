/** Dashboard numbers: what needs the owner, products per category, orders per state and per day, the ten most viewed products. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAreaApi } from '../../common/admin-api.ts';
import { statsSchema } from '../../common/schemas/admin-orders.ts';
import { contractRoute } from '../http/contract-route.ts';
import { readStats } from './stats-queries.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, adminAreaApi.stats, {
      tags: ['admin'],
      summary: 'Dashboard numbers',
      response: { 200: statsSchema },
    }),
    handler: async (_request, reply) => {
      const stats = await readStats(app.db, app.config);
      reply.header('cache-control', 'no-store');
      return stats;
    },
  });
};
