/**
 * The owner's bank statement (docs/product.md "The books: advances from the bank statement"):
 * upload a CSV as the bank exported it (multipart, field "statement", one file), and the mapping
 * of a layout we do not know. Registered in the admin scope (admin/routes.ts): an admin only.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementImportReplySchema, statementLayoutInputSchema } from '../../../common/schemas/statement.ts';
import { statementApi } from '../../../common/statement-api.ts';
import { plainLine, truncate } from '../../../common/text.ts';
import { contractRoute, noContentSchema } from '../../http/contract-route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { multipartClientError } from '../../http/multipart-errors.ts';
import { StatementFileError } from './csv-records.ts';
import { importStatement } from './import-statement.ts';
import { rememberLayout } from './layout-queries.ts';
import { type ColumnMapping, headerKey, normaliseHeader } from './layouts.ts';

/** A year of a busy shop's account is a few MB; 50,000 lines of any bank's export are under 15 MB. */
export const MAX_STATEMENT_BYTES = 25 * 1024 * 1024;
const TOO_LARGE = 'This statement is too large (at most 25 MB). Please export a shorter period.';

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered only in this scope, as the pictures' upload does (media/upload-routes.ts).
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50, headerPairs: 50 },
  });

  app.route({
    ...contractRoute(app, statementApi.import, {
      tags: ['admin'],
      summary:
        'Import a bank statement (CSV, multipart field "statement"): marks the advances it proves received; answers the result table, or the header to map',
      consumes: ['multipart/form-data'],
      response: { 200: statementImportReplySchema },
    }),
    bodyLimit: MAX_STATEMENT_BYTES + 64 * 1024,
    handler: async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_STATEMENT_BYTES + 64 * 1024) {
        throw new AppError(413, 'too_large', TOO_LARGE);
      }
      if (!request.isMultipart()) throw badRequest('Please upload the statement as a CSV file');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (err) {
        throw multipartClientError(err);
      }
      if (!part) throw badRequest('Please choose the bank statement (a CSV file)');
      if (part.fieldname !== 'statement') {
        part.file.resume();
        throw badRequest('Send the statement in the field named "statement"');
      }
      // Cut short at the limit, the file would read as a shorter statement: stop instead.
      part.file.on('limit', () => part.file.destroy(new AppError(413, 'too_large', TOO_LARGE)));
      let uploadBroke: unknown = null;
      part.file.on('error', (err) => {
        uploadBroke ??= err;
      });
      const fileName = truncate(plainLine(part.filename || 'statement.csv'), 100);
      try {
        const result = await importStatement(app.db, app.config, part.file, fileName, request.adminId!);
        app.mail.nudge();
        return result;
      } catch (err) {
        if (err instanceof StatementFileError) throw badRequest(err.message);
        // The upload itself broke while being read (cut short, a bad boundary): the client's doing.
        if (uploadBroke) throw multipartClientError(uploadBroke);
        throw err;
      } finally {
        part.file.resume();
      }
    },
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
      await rememberLayout(app.db, headerKey(header.map((h) => h.trim())), header, columns, request.adminId!);
      return reply.status(204).send(null);
    },
  });
};
