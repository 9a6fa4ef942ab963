/**
 * GET /api/health: the database answers, and how many products are on sale. While the
 * database is down, restarting or not answering (docs/decisions/025-faults.md) it says
 * 503 "unavailable", within HEALTH_TIMEOUT_MS even when the database never answers, so a
 * load balancer or a monitor asking it is never left waiting.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../common/health-api.ts';
import { healthSchema, unhealthySchema } from '../../common/schemas/health.ts';
import { contractRoute } from '../http/contract-route.ts';
import { checkDatabase } from './queries.ts';

export const HEALTH_TIMEOUT_MS = 5_000;

/** `work`, or a rejection once HEALTH_TIMEOUT_MS has passed. */
function withinLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, healthApi.health, {
      tags: ['system'],
      summary: 'Liveness and database check',
      response: { 200: healthSchema, 503: unhealthySchema },
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const products = await withinLimit(checkDatabase(app.db));
        return { status: 'ok' as const, database: app.dialect, products };
      } catch (err) {
        // One line, without a stack: a monitor asks often while the database is away.
        const { code, message } = err as { code?: string; message?: string };
        app.log.error({ code, reason: message }, 'health check failed: the database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dialect });
      }
    },
  });
};
