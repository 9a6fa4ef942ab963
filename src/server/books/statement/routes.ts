/**
 * The owner's bank statement (docs/product.md "The books: advances from the bank statement"):
 * upload a CSV as the bank exported it (multipart, field "statement", one file), and the mapping
 * of a layout we do not know. Registered in the admin scope (admin/routes.ts): an admin only.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementImportReplySchema, statementLayoutInputSchema } from '../../../common/schemas/statement.ts';
import { statementApi } from '../../../common/statement-api.ts';
import { contractRoute, noContentSchema } from '../../http/contract-route.ts';
import { badRequest } from '../../http/errors.ts';
import { type CsvUpload, csvUploadLimits, ENVELOPE_BYTES, readUploadedCsv } from '../csv-upload.ts';
import { importStatement } from './import-statement.ts';
import { rememberLayout } from './layout-queries.ts';
import { type ColumnMapping, headerKey, normaliseHeader } from './layouts.ts';

/** A year of a busy shop's account is a few MB; 50,000 lines of any bank's export are under 15 MB. */
export const MAX_STATEMENT_BYTES = 25 * 1024 * 1024;

const STATEMENT_UPLOAD: CsvUpload = {
  field: 'statement',
  maxBytes: MAX_STATEMENT_BYTES,
  tooLarge: 'This statement is too large (at most 25 MB). Please export a shorter period.',
  notMultipart: 'Please upload the statement as a CSV file',
  noFile: 'Please choose the bank statement (a CSV file)',
  wrongField: 'Send the statement in the field named "statement"',
  defaultName: 'statement.csv',
};

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered only in this scope, as the pictures' upload does (media/upload-routes.ts).
  await app.register(multipart, { limits: csvUploadLimits(STATEMENT_UPLOAD) });

  app.route({
    ...contractRoute(app, statementApi.import, {
      tags: ['admin'],
      summary:
        'Import a bank statement (CSV, multipart field "statement"): marks the advances it proves received; answers the result table, or the header to map',
      consumes: ['multipart/form-data'],
      response: { 200: statementImportReplySchema },
    }),
    bodyLimit: MAX_STATEMENT_BYTES + ENVELOPE_BYTES,
    handler: async (request) =>
      readUploadedCsv(request, STATEMENT_UPLOAD, async (file, fileName) => {
        const result = await importStatement(app.db, app.config, file, fileName, request.adminId!);
        app.mail.nudge();
        return result;
      }),
  });

  app.route({
    ...contractRoute(app, statementApi.saveLayout, {
      tags: ['admin'],
      summary: 'Remember which columns of a bank statement layout hold the date, narration, credit and reference',
      body: statementLayoutInputSchema,
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      const { header, date, narration, credit, reference, drCr } = request.body;
      const columns: ColumnMapping = {
        date: normaliseHeader(date),
        narration: normaliseHeader(narration),
        credit: normaliseHeader(credit),
        reference: reference ? normaliseHeader(reference) : null,
        drCr: drCr ? normaliseHeader(drCr) : null,
      };
      if (!columns.date || !columns.narration || !columns.credit) {
        throw badRequest('Please choose columns with letters or digits in their names');
      }
      await rememberLayout(
        app.db,
        'statement',
        headerKey(header.map((h) => h.trim())),
        header,
        columns,
        request.adminId!,
      );
      return reply.status(204).send(null);
    },
  });
};
