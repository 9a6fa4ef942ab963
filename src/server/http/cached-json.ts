/**
 * A JSON answer serialised once and sent many times (docs/decisions/010-catalog-answer-cache.md).
 * The body is checked against the route's response schema when it is made, as
 * Fastify's serializer would; it is then a CachedBody, compressed at most once per encoding.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CachedBody, sendCachedBody } from './cached-body.ts';

export class CachedJson extends CachedBody {
  /** Parses `data` with the response schema (dropping fields it does not name) and serialises it. */
  constructor(schema: z.ZodType, data: unknown) {
    super(JSON.stringify(schema.parse(data)));
  }
}

export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  return sendCachedBody(request, reply, cached, 'application/json; charset=utf-8');
}
