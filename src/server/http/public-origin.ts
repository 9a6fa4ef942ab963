import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The store's address as shoppers reach it: PUBLIC_URL when set, else what this request came to. */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
