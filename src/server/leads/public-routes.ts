/**
 * POST /api/leads/whatsapp-click: the storefront's BUY NOW chat link records a
 * WhatsApp lead (docs/product.md#better-14) with the product and, when a shopper is logged
 * in, their name and number. Anyone may call it, so a visitor's clicks on one
 * watch count once and each address is throttled, on every app process (whatsapp-clicks.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadApi } from '../../common/lead-api.ts';
import { whatsappClickSchema } from '../../common/schemas/lead.ts';
import { loadUser } from '../auth/guards.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { recordWhatsappClick } from './whatsapp-clicks.ts';

export const leadPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, leadApi.whatsappClick, {
      tags: ['leads'],
      summary: 'Record a BUY NOW chat click as a WhatsApp lead (once per visitor and watch in 10 minutes)',
      body: whatsappClickSchema,
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      const userId = await loadUser(app, request);
      await recordWhatsappClick(app.db, request.body.productId, { ip: request.ip, userId });
      return reply.status(204).send(null);
    },
  });
};
