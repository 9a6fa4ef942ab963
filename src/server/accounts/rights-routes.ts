/**
 * The shopper's control of their account (docs/product.md#account-rights; DPDP Act 2023
 * s.11-12): change the password, download their data, delete the account.
 * Always the session's own account; the password confirms the two that matter.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '../../common/account-api.ts';
import { dataExportFileName } from '../../common/data-export.ts';
import {
  dataExportSchema,
  deleteAccountRequestSchema,
  passwordChangeRequestSchema,
} from '../../common/schemas/account-rights.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { requireUser } from '../auth/guards.ts';
import { cookieName, endSession, hashToken } from '../auth/sessions.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { exportData } from './data-export.ts';
import { eraseAccount } from './erasure.ts';
import { changePassword } from './password-change.ts';

export const accountRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);

  app.route({
    ...contractRoute(app, accountApi.changePassword, {
      tags: ['accounts'],
      summary: 'Change the password (needs the current one); every other session ends',
      body: passwordChangeRequestSchema,
      response: { 204: noContentSchema, 400: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => {
      const token = request.cookies[cookieName('user', app.config)];
      await changePassword(app.db, request.userId as string, request.body, token ? hashToken(token) : undefined);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(app, accountApi.exportData, {
      tags: ['accounts'],
      summary: 'Download my data: profile, addresses, cart, orders and viewed watches as a JSON file',
      response: { 200: dataExportSchema },
    }),
    handler: async (request, reply) => {
      const data = await exportData(app.db, app.config, request.userId as string);
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${dataExportFileName(app.config.shop.name, data.exportedAt)}"`,
        );
      return data;
    },
  });

  app.route({
    ...contractRoute(app, accountApi.deleteAccount, {
      tags: ['accounts'],
      summary: 'Delete my account (needs the password): personal data removed, orders kept for the tax records',
      body: deleteAccountRequestSchema,
      response: { 204: noContentSchema, 400: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => {
      await eraseAccount(app.db, request.userId as string, request.body.password);
      await endSession(app.db, app.config, request, reply, 'user');
      return reply.status(204).send(null);
    },
  });
};
