/**
 * The page a one-time password link opens (docs/product.md#account-rights): anyone holding
 * the link may read whose account it is for (masked) and set a new password
 * once. Who is logged in does not matter: the link names its shopper.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '../../common/account-api.ts';
import { maskPhone } from '../../common/password-reset.ts';
import {
  passwordResetRequestSchema,
  resetLinkInfoSchema,
  resetTokenParamsSchema,
} from '../../common/schemas/account-rights.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { readResetLink, useResetLink } from './password-resets.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, accountApi.resetLink, {
      tags: ['accounts'],
      summary: 'Whether a password link still works, and for which (masked) number',
      params: resetTokenParamsSchema,
      response: { 200: resetLinkInfoSchema, 404: errorSchema, 410: errorSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const link = await readResetLink(app.db, request.params.token);
      return { number: maskPhone(link.phone), expiresAt: link.expiresAt };
    },
  });

  app.route({
    ...contractRoute(app, accountApi.useResetLink, {
      tags: ['accounts'],
      summary: 'Set a new password through the link (once); every session of that shopper ends',
      params: resetTokenParamsSchema,
      body: passwordResetRequestSchema,
      response: { 204: noContentSchema, 400: errorSchema, 404: errorSchema, 410: errorSchema },
    }),
    handler: async (request, reply) => {
      await useResetLink(app.db, request.params.token, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });
};
