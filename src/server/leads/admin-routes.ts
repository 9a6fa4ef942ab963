/** Leads for the admin: the tabbed list, a platform order entered by hand, and CSV import. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadApi } from '../../common/lead-api.ts';
import {
  LEAD_PAGE_SIZE,
  leadAddedSchema,
  leadImportResultSchema,
  leadImportSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadPageSchema,
} from '../../common/schemas/lead.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { readLeadCsv } from './import.ts';
import { insertLeads, listLeads } from './queries.ts';

export const leadAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, leadApi.list, {
      tags: ['admin'],
      summary: 'Leads: platform orders and website carts, newest first',
      querystring: leadListQuerySchema,
      response: { 200: leadPageSchema },
    }),
    handler: async (request) => {
      const { platform, page } = request.query;
      const { items, total } = await listLeads(app.db, platform, LEAD_PAGE_SIZE, (page - 1) * LEAD_PAGE_SIZE);
      return { items, total, page, pageCount: Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE)) };
    },
  });

  app.route({
    ...contractRoute(app, leadApi.add, {
      tags: ['admin'],
      summary: 'Add an Amazon or WhatsApp order by hand',
      body: leadInputSchema,
      response: { 201: leadAddedSchema },
    }),
    handler: async (request, reply) => {
      await insertLeads(app.db, [request.body], request.adminId);
      return reply.status(201).send({ ok: true as const });
    },
  });

  app.route({
    ...contractRoute(app, leadApi.import, {
      tags: ['admin'],
      summary: 'Import platform orders from CSV text; nothing is imported from a file with errors unless skipBadRows',
      body: leadImportSchema,
      response: { 200: leadImportResultSchema },
    }), // A CSV of a few thousand rows is bigger than the API's usual 256 KB.
    bodyLimit: 2_500_000,
    handler: async (request) => {
      const { rows, errors } = readLeadCsv(request.body.csv);
      if (errors.length > 0 && (!request.body.skipBadRows || rows.length === 0)) {
        const some = errors.length === 1 ? '1 row has an error' : `${errors.length} rows have errors`;
        const message =
          rows.length === 0
            ? `Nothing was imported: ${errors.length === 1 ? 'the file has an error' : some}.`
            : `Nothing was imported: ${some}. Fix them, or import only the good rows.`;
        // Every bad line in `fields` ("line 4": message), so the form can show them all at once.
        throw new AppError(
          400,
          'invalid_rows',
          message,
          Object.fromEntries(errors.map((e) => [`line ${e.line}`, e.message])),
        );
      }
      await insertLeads(app.db, rows, request.adminId);
      return { imported: rows.length, errors };
    },
  });
};
