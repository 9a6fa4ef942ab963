/**
 * The address correction link's endpoints (address-check.ts; common/address-link-api.ts): no
 * log-in, the token is the key. The page's answer, and the corrected address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressLinkApi } from '../../common/address-link-api.ts';
import {
  addressCheckReplySchema,
  addressFixSchema,
  addressLinkParamsSchema,
} from '../../common/schemas/address-check.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addressCheckReply, addressLinkRow, correctAddressByLink } from './address-check.ts';

export const addressLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, addressLinkApi.page, {
      tags: ['orders'],
      summary: 'An order’s address to check, through the link sent to the shopper (no log-in)',
      params: addressLinkParamsSchema,
      response: { 200: addressCheckReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      return addressCheckReply(await addressLinkRow(app.db, app.config, orderNumber, token));
    },
  });

  app.route({
    ...contractRoute(app, addressLinkApi.correct, {
      tags: ['orders'],
      summary: 'The corrected delivery address, through the link sent to the shopper (no log-in)',
      params: addressLinkParamsSchema,
      body: addressFixSchema,
      response: { 200: addressCheckReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      return correctAddressByLink(app.db, app.config, orderNumber, token, request.body.address);
    },
  });
};
