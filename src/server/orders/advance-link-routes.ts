/**
 * The advance link's endpoints (advance-link.ts; common/advance-link-api.ts): no log-in, the token
 * is the key. The UPI reference goes through the logged-in shopper's own code (advance.ts
 * submitAdvance), for the order's own account: the same rules, the same per-order and per-account
 * limits, the same owner mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advanceLinkApi } from '../../common/advance-link-api.ts';
import {
  ADVANCE_LINK_MESSAGE,
  advanceLinkParamsSchema,
  advanceLinkReplySchema,
  advancePaymentSchema,
} from '../../common/schemas/order.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { advanceLinkReply, advanceLinkRow, payInFullByLink, sendAdvanceByLink } from './advance-link.ts';
import { advanceQrSvg } from './advance-qr.ts';

export const advanceLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, advanceLinkApi.page, {
      tags: ['orders'],
      summary: 'An order’s advance to pay, through the link sent to the shopper (no log-in)',
      params: advanceLinkParamsSchema,
      response: { 200: advanceLinkReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      return advanceLinkReply(app.config, await advanceLinkRow(app.db, app.config, orderNumber, token));
    },
  });

  app.route({
    ...contractRoute(app, advanceLinkApi.sendAdvance, {
      tags: ['orders'],
      summary: 'The UPI reference (UTR) of the advance, through the advance link (no log-in)',
      params: advanceLinkParamsSchema,
      body: advancePaymentSchema,
      response: { 200: advanceLinkReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      const answer = await sendAdvanceByLink(app.db, app.config, orderNumber, token, request.body.utr);
      app.mail.nudge();
      return answer;
    },
  });

  app.route({
    ...contractRoute(app, advanceLinkApi.payInFull, {
      tags: ['orders'],
      summary: 'Pay the whole order now instead of the advance, through the advance link (no log-in)',
      params: advanceLinkParamsSchema,
      response: { 200: advanceLinkReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      return payInFullByLink(app.db, app.config, orderNumber, token);
    },
  });

  app.route({
    ...contractRoute(app, advanceLinkApi.qr, {
      tags: ['orders'],
      summary: 'The QR code of the advance’s UPI link, through the advance link (no log-in)',
      params: advanceLinkParamsSchema,
      produces: ['image/svg+xml'],
    }),
    handler: async (request, reply) => {
      const { orderNumber, token } = request.params;
      const row = await advanceLinkRow(app.db, app.config, orderNumber, token);
      if (!app.config.upi) throw notFound(ADVANCE_LINK_MESSAGE);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .send(await advanceQrSvg(app.config.upi, row));
    },
  });
};
