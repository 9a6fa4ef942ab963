/**
 * One CSV file uploaded to the books (the bank statement, the courier's COD remittance): read as a
 * stream from a multipart body with one file in a named field, with the same limits and refusals
 * for both. A file past the limit is stopped, never read as a shorter one; an upload that breaks
 * while being read is the client's doing (400), as is a file the CSV reader refuses.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { plainLine, truncate } from '../../common/text.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { multipartClientError } from '../http/multipart-errors.ts';
import { StatementFileError } from './statement/csv-records.ts';

export interface CsvUpload {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** The words of each refusal. */
  tooLarge: string;
  notMultipart: string;
  noFile: string;
  wrongField: string;
  /** The name kept when the upload gives none. */
  defaultName: string;
}

/** Room for the multipart envelope around the file. */
export const ENVELOPE_BYTES = 64 * 1024;

/** The multipart plugin's limits for one such upload (registered in the route's own scope). */
export function csvUploadLimits(upload: CsvUpload) {
  return { fileSize: upload.maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 50, headerPairs: 50 };
}

/** Reads the uploaded file through `read`, answering what it answers. */
export async function readUploadedCsv<T>(
  request: FastifyRequest,
  upload: CsvUpload,
  read: (file: Readable, fileName: string) => Promise<T>,
): Promise<T> {
  if (Number(request.headers['content-length'] ?? 0) > upload.maxBytes + ENVELOPE_BYTES) {
    throw new AppError(413, 'too_large', upload.tooLarge);
  }
  if (!request.isMultipart()) throw badRequest(upload.notMultipart);
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch (err) {
    throw multipartClientError(err);
  }
  if (!part) throw badRequest(upload.noFile);
  if (part.fieldname !== upload.field) {
    part.file.resume();
    throw badRequest(upload.wrongField);
  }
  const file = part.file;
  // Cut short at the limit, the file would read as a shorter one: stop instead.
  file.on('limit', () => file.destroy(new AppError(413, 'too_large', upload.tooLarge)));
  let uploadBroke: unknown = null;
  file.on('error', (err) => {
    uploadBroke ??= err;
  });
  const fileName = truncate(plainLine(part.filename || upload.defaultName), 100);
  try {
    return await read(file, fileName);
  } catch (err) {
    if (err instanceof StatementFileError) throw badRequest(err.message);
    // The upload itself broke while being read (cut short, a bad boundary): the client's doing.
    if (uploadBroke) throw multipartClientError(uploadBroke);
    throw err;
  } finally {
    file.resume();
  }
}
