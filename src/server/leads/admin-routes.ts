/**
 * Leads for the admin: the tabbed list, a platform order entered by hand, CSV import and export,
 * and the follow-up tick.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDateTimeCell } from '../../common/india-time.ts';
import { leadApi } from '../../common/lead-api.ts';
import {
  LEAD_PAGE_SIZE,
  leadAddedSchema,
  leadFilterSchema,
  leadFollowedUpSchema,
  leadFollowUpSchema,
  leadIdParamsSchema,
  leadImportResultSchema,
  leadImportSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadPageSchema,
} from '../../common/schemas/lead.ts';
import { plainLine } from '../../common/text.ts';
import { nowIso } from '../db/ids.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, notFound } from '../http/errors.ts';
import { toCsv } from './csv.ts';
import { readLeadCsv } from './import.ts';
import { insertLeads, listLeads, setLeadFollowedUp } from './queries.ts';

/** The export is for a small shop's records; past this, narrow it by tab. */
const EXPORT_MAX = 50_000;
const PLATFORM_CELL = { amazon: 'Amazon', whatsapp: 'Whatsapp', website: 'Website' } as const;

export const leadAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, leadApi.list, {
      tags: ['admin'],
      summary: 'Leads: platform orders and website carts, newest first',
      querystring: leadListQuerySchema,
      response: { 200: leadPageSchema },
    }),
    handler: async (request) => {
      const { page, ...filter } = request.query;
      const { items, total } = await listLeads(app.db, filter, LEAD_PAGE_SIZE, (page - 1) * LEAD_PAGE_SIZE);
      return { items, total, page, pageCount: Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE)) };
    },
  });

  app.route({
    ...contractRoute(app, leadApi.exportCsv, {
      tags: ['admin'],
      summary: 'Leads as CSV, newest first (same filters as the list)',
      querystring: leadFilterSchema,
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      const { items } = await listLeads(app.db, request.query, EXPORT_MAX, 0);
      const rows: Array<Array<string | number | null>> = [
        ['date (IST)', 'platform', 'customer', 'phone', 'product id', 'product', 'quantity', 'followed up (IST)'],
      ];
      for (const l of items) {
        rows.push([
          indiaDateTimeCell(l.date),
          PLATFORM_CELL[l.platform],
          // Names typed by shoppers or read from a platform's file: one line per cell (text.ts);
          // toCsv neutralises a cell a spreadsheet would run as a formula.
          plainLine(l.customer),
          l.phone,
          l.productId,
          plainLine(l.productName),
          l.quantity,
          l.followedUpAt ? indiaDateTimeCell(l.followedUpAt) : '',
        ]);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${nowIso().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(toCsv(rows));
    },
  });

  app.route({
    ...contractRoute(app, leadApi.setFollowedUp, {
      tags: ['admin'],
      summary: 'Tick a lead as followed up (now), or untick it',
      params: leadIdParamsSchema,
      body: leadFollowUpSchema,
      response: { 200: leadFollowedUpSchema },
    }),
    handler: async (request) => {
      const done = await setLeadFollowedUp(app.db, request.params.id, request.body.followedUp);
      // A website lead goes when its cart line does (ordered, or removed by the shopper).
      if (!done) throw notFound('This lead is no longer there: the shopper may have ordered or removed it.');
      return done;
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
