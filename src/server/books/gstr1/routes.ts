/**
 * GSTR-1 for the owner's accountant (docs/product.md#the-books-credit-notes-and-gstr-1), inside the
 * admin guard: a period's summary, the offline tool's JSON and each table as CSV. Needs SHOP_GSTIN:
 * a shop that prints receipts files no GSTR-1.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gstr1Api } from '../../../common/gstr1-api.ts';
import {
  GSTR1_PERIOD_MESSAGE,
  gstr1CsvQuerySchema,
  gstr1QuerySchema,
  gstr1SummarySchema,
} from '../../../common/schemas/gstr1.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { gstr1Csv } from './csv.ts';
import { buildGstr1 } from './gstr1.ts';
import { gstr1Json } from './json.ts';
import { type Period, parsePeriod } from './period.ts';
import { gstr1Summary } from './summary.ts';

export const NO_GSTIN_FOR_GSTR1 =
  'GSTR-1 is for a shop registered for GST: set SHOP_GSTIN, and the invoices from then on are tax invoices.';

export const gstr1Routes: FastifyPluginAsyncZod = async (app) => {
  const setUp = (key: string): { gstin: string; period: Period } => {
    const gstin = app.config.invoice.gstin;
    if (!gstin) throw new AppError(409, 'no_gstin', NO_GSTIN_FOR_GSTR1);
    const period = parsePeriod(key);
    if (!period) throw badRequest(GSTR1_PERIOD_MESSAGE);
    return { gstin, period };
  };

  app.route({
    ...contractRoute(app, gstr1Api.summary, {
      tags: ['admin'],
      summary: 'A month’s or quarter’s GSTR-1 in figures: each table’s rows and amounts (paise), and Table 13',
      querystring: gstr1QuerySchema,
      response: { 200: gstr1SummarySchema },
    }),
    handler: async (request) => {
      const { gstin, period } = setUp(request.query.period);
      return gstr1Summary(await buildGstr1(app.db, period), gstin, period);
    },
  });

  app.route({
    ...contractRoute(app, gstr1Api.json, {
      tags: ['admin'],
      summary: 'The period’s GSTR-1 as the JSON the GST offline tool imports',
      querystring: gstr1QuerySchema,
      produces: ['application/json'],
    }),
    handler: async (request, reply) => {
      const { gstin, period } = setUp(request.query.period);
      const json = gstr1Json(await buildGstr1(app.db, period), gstin, period);
      return reply
        .type('application/json')
        .header('content-disposition', `attachment; filename="GSTR1-${gstin}-${period.fp}.json"`)
        .send(JSON.stringify(json));
    },
  });

  app.route({
    ...contractRoute(app, gstr1Api.csv, {
      tags: ['admin'],
      summary: 'One table of the period’s GSTR-1 as CSV, with the offline tool’s column headings',
      querystring: gstr1CsvQuerySchema,
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      const { period } = setUp(request.query.period);
      const { section } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="GSTR1-${section}-${period.fp}.csv"`)
        .send(gstr1Csv(await buildGstr1(app.db, period), section));
    },
  });
};
