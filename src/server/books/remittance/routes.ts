/**
 * The courier's COD remittance (docs/product.md "COD remittance"): upload the report (multipart,
 * field "remittance", one CSV file) and read what couriers still hold. Registered in the admin
 * scope (admin/routes.ts): an admin only. The upload is the bank statement's (books/statement/
 * routes.ts): the same limits, the same refusals, and the same mapping of a layout we do not know,
 * remembered by its header row (docs/decisions/047-remittance-layouts-mapped-once.md).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remittanceApi } from '../../../common/remittance-api.ts';
import {
  codCashSchema,
  remittanceImportReplySchema,
  remittanceLayoutInputSchema,
} from '../../../common/schemas/remittance.ts';
import { contractRoute, noContentSchema } from '../../http/contract-route.ts';
import { badRequest } from '../../http/errors.ts';
import { type CsvUpload, csvUploadLimits, ENVELOPE_BYTES, readUploadedCsv } from '../csv-upload.ts';
import { rememberLayout } from '../statement/layout-queries.ts';
import { headerKey, normaliseHeader } from '../statement/layouts.ts';
import { importRemittance } from './import-remittance.ts';
import type { RemittanceMapping } from './layouts.ts';
import { codCash } from './remittance-queries.ts';

/** A year of weekly reports of a busy shop is well under this. */
export const MAX_REMITTANCE_BYTES = 10 * 1024 * 1024;

const REMITTANCE_UPLOAD: CsvUpload = {
  field: 'remittance',
  maxBytes: MAX_REMITTANCE_BYTES,
  tooLarge: 'This report is too large (at most 10 MB). Please export a shorter period.',
  notMultipart: 'Please upload the remittance report as a CSV file',
  noFile: 'Please choose the remittance report (a CSV file)',
  wrongField: 'Send the report in the field named "remittance"',
  defaultName: 'remittance.csv',
};

export const remittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: csvUploadLimits(REMITTANCE_UPLOAD) });

  app.route({
    ...contractRoute(app, remittanceApi.import, {
      tags: ['admin'],
      summary:
        'Import a courier’s COD remittance report (CSV, multipart field "remittance"): answers each AWB matched with its order',
      consumes: ['multipart/form-data'],
      response: { 200: remittanceImportReplySchema },
    }),
    bodyLimit: MAX_REMITTANCE_BYTES + ENVELOPE_BYTES,
    handler: async (request) =>
      readUploadedCsv(request, REMITTANCE_UPLOAD, (file, fileName) =>
        importRemittance(app.db, file, fileName, request.adminId!),
      ),
  });

  app.route({
    ...contractRoute(app, remittanceApi.saveLayout, {
      tags: ['admin'],
      summary:
        'Remember which columns of a remittance report layout hold the AWB, the amount remitted, the order, the date and the UTR',
      body: remittanceLayoutInputSchema,
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      const { header, awb, remitted, orderRef, date, reference } = request.body;
      const optional = (name: string) => (name ? normaliseHeader(name) : null);
      const columns: RemittanceMapping = {
        awb: normaliseHeader(awb),
        remitted: normaliseHeader(remitted),
        orderRef: optional(orderRef),
        date: optional(date),
        reference: optional(reference),
      };
      if (!columns.awb || !columns.remitted) {
        throw badRequest('Please choose columns with letters or digits in their names');
      }
      const key = headerKey(header.map((h) => h.trim()));
      await rememberLayout(app.db, 'remittance', key, header, columns, request.adminId!);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(app, remittanceApi.codCash, {
      tags: ['admin'],
      summary:
        'COD cash still with couriers: delivered balances not remitted, late remittances, short payments (paise)',
      response: { 200: codCashSchema },
    }),
    handler: async () => codCash(app.db),
  });
};
