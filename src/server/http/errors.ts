/**
 * One error shape for the whole API: `{ error: { code, message, fields? } }`.
 * A status below 500 keeps its message; a fault outside the app (the database
 * down or restarting, the disk full, the picture bucket unreachable:
 * service-unavailable.ts) answers 503 with Retry-After and a message saying so;
 * anything else answers a generic message and is logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/errors.ts';
import { PERMISSIONS_POLICY } from './permissions-policy.ts';
import { OUTAGE_ANSWERS, outageOf } from './service-unavailable.ts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, 'forbidden', message);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/** Known Fastify error codes and the message a person should read instead. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This request must be sent as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is wrong',
  FST_ERR_RATE_LIMIT: 'Too many requests, please wait a moment',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This request must be a file upload',
  FST_REQ_FILE_TOO_LARGE: 'Each image must be at most 10 MB',
  FST_FILES_LIMIT: 'Too many files in one upload',
  FST_PARTS_LIMIT: 'Too many parts in one upload',
  FST_FIELDS_LIMIT: 'Too many fields in one upload',
  FST_ERR_BAD_URL: 'This address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long',
};

/**
 * Fastify's router refuses some URLs itself (bad percent-encoding, an overlong
 * parameter) before any hook or error handler runs; given to Fastify as
 * `frameworkErrors` so those answers have the one error shape too.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  // No hook has run, so the security headers are set here: this answer is JSON and is never framed.
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    .header('permissions-policy', PERMISSIONS_POLICY);
  reply
    .status(status)
    .send(errorBody(error.code.toLowerCase(), FASTIFY_MESSAGES[error.code] ?? 'This address is not valid'));
}

/** The error's code and message, and its cause's, for the log line of a 503. */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    parts.push([code, message].filter((part) => typeof part === 'string' && part).join(' '));
    current = cause;
  }
  return parts.filter(Boolean).join(' <- ');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0]?.message ?? 'Some details are not valid';
      return reply.status(400).send(errorBody('invalid', first, fields));
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
    }
    const outage = outageOf(error);
    if (outage) {
      const answer = OUTAGE_ANSWERS[outage];
      // One line per refused request, without a stack: an outage answers many of them.
      request.log.warn(
        { outage, cause: describeCause(error) },
        'answered 503: a service the shop needs is unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(answer.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send(errorBody(answer.code, answer.message));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad request';
      return reply.status(status).send(errorBody(error.code ? error.code.toLowerCase() : 'bad_request', message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('not_found', `No such address: ${request.method} ${request.url.split('?')[0]}`));
  });
}
