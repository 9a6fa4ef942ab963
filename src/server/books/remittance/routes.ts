/**
 * The courier's COD remittance (docs/product.md "COD remittance"): upload the report (multipart,
 * field "remittance", one CSV file) and read what couriers still hold. Registered in the admin
 * scope (admin/routes.ts): an admin only. The upload is the bank statement's (books/statement/
 * routes.ts): the same limits, the same refusals.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remittanceApi } from '../../../common/remittance-api.ts';
import { codCashSchema, remittanceImportReplySchema } from '../../../common/schemas/remittance.ts';
import { plainLine, truncate } from '../../../common/text.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { multipartClientError } from '../../http/multipart-errors.ts';
import { StatementFileError } from '../statement/csv-records.ts';
import { importRemittance } from './import-remittance.ts';
import { codCash } from './remittance-queries.ts';

/** A year of weekly reports of a busy shop is well under this. */
export const MAX_REMITTANCE_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'This report is too large (at most 10 MB). Please export a shorter period.';

export const remittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_REMITTANCE_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50, headerPairs: 50 },
  });

  app.route({
    ...contractRoute(app, remittanceApi.import, {
      tags: ['admin'],
      summary:
        'Import a courier’s COD remittance report (CSV, multipart field "remittance"): answers each AWB matched with its order',
      consumes: ['multipart/form-data'],
      response: { 200: remittanceImportReplySchema },
    }),
    bodyLimit: MAX_REMITTANCE_BYTES + 64 * 1024,
    handler: async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_REMITTANCE_BYTES + 64 * 1024) {
        throw new AppError(413, 'too_large', TOO_LARGE);
      }
      if (!request.isMultipart()) throw badRequest('Please upload the remittance report as a CSV file');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (err) {
        throw multipartClientError(err);
      }
      if (!part) throw badRequest('Please choose the remittance report (a CSV file)');
      if (part.fieldname !== 'remittance') {
        part.file.resume();
        throw badRequest('Send the report in the field named "remittance"');
      }
      part.file.on('limit', () => part.file.destroy(new AppError(413, 'too_large', TOO_LARGE)));
      let uploadBroke: unknown = null;
      part.file.on('error', (err) => {
        uploadBroke ??= err;
      });
      const fileName = truncate(plainLine(part.filename || 'remittance.csv'), 100);
      try {
        return await importRemittance(app.db, part.file, fileName, request.adminId!);
      } catch (err) {
        if (err instanceof StatementFileError) throw badRequest(err.message);
        if (uploadBroke) throw multipartClientError(uploadBroke);
        throw err;
      } finally {
        part.file.resume();
      }
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
