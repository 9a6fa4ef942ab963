/**
 * Money at a glance (docs/product.md "Money at a glance"), inside the admin guard: a date range's
 * figures for the screen, and as CSV for the accountant.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyApi } from '../../../common/money-api.ts';
import { moneyGlanceSchema, moneyQuerySchema } from '../../../common/schemas/money.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { moneyCsv } from './money-csv.ts';
import { moneyGlance } from './money-queries.ts';

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, moneyApi.glance, {
      tags: ['admin'],
      summary:
        'Money at a glance for a date range: orders, advances, COD cash, returns, GST by rate and the sales register (paise)',
      querystring: moneyQuerySchema,
      response: { 200: moneyGlanceSchema },
    }),
    handler: async (request) => moneyGlance(app.db, request.query.from, request.query.to),
  });

  app.route({
    ...contractRoute(app, moneyApi.csv, {
      tags: ['admin'],
      summary: 'Money at a glance for a date range as CSV for the accountant, with the whole sales register',
      querystring: moneyQuerySchema,
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const csv = await moneyCsv(app.db, await moneyGlance(app.db, from, to));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="money-${from}-to-${to}.csv"`)
        .send(csv);
    },
  });
};
