/**
 * The owner's shopper records (docs/product.md#admin-shoppers): find a shopper by phone
 * and make them a one-time password link. Registered inside the admin scope
 * (admin/routes.ts), behind requireAdmin: only an admin makes a link.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '../../common/account-api.ts';
import { resetPasswordPath } from '../../common/password-reset.ts';
import {
  resetLinkSchema,
  shopperIdParamsSchema,
  shopperListSchema,
  shopperLookupQuerySchema,
} from '../../common/schemas/account-rights.ts';
import { contractRoute } from '../http/contract-route.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { makeResetLink } from './password-resets.ts';
import { findShoppersByPhone } from './shopper-lookup.ts';

export const shopperAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, accountApi.findShoppers, {
      tags: ['admin'],
      summary: 'Shoppers whose phone number starts with the digits given (at most 20)',
      querystring: shopperLookupQuerySchema,
      response: { 200: shopperListSchema },
    }),
    handler: async (request) => ({ shoppers: await findShoppersByPhone(app.db, request.query.phone) }),
  });

  app.route({
    ...contractRoute(app, accountApi.makeResetLink, {
      tags: ['admin'],
      summary: 'Make a one-time password link for this shopper (30 minutes; replaces an unused one)',
      params: shopperIdParamsSchema,
      response: { 201: resetLinkSchema },
    }),
    handler: async (request, reply) => {
      const made = await makeResetLink(app.db, request.params.id, request.adminId as string);
      const link = `${publicOrigin(app, request)}${resetPasswordPath(made.token)}`;
      return reply.status(201).send({ link, expiresAt: made.expiresAt, number: made.phone });
    },
  });
};
