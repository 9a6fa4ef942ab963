/**
 * The owner's settlement of an order, inside the admin guard (docs/product.md "Every advance settled"):
 * record a refund, or keep the advance under a case of the policy. Each answers the order as Admin
 * Orders shows it, and nudges the mail worker for the shopper's message.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderReplySchema } from '../../common/schemas/admin-orders.ts';
import { orderNumberParamsSchema } from '../../common/schemas/order.ts';
import { keepInputSchema, refundInputSchema } from '../../common/schemas/settlement.ts';
import { settlementApi } from '../../common/settlement-api.ts';
import { contractRoute } from '../http/contract-route.ts';
import { adminOrderOrThrow } from '../orders/admin-queries.ts';
import { keepAdvance, recordRefund } from './record.ts';

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, settlementApi.recordRefund, {
      tags: ['admin'],
      summary:
        'Record a refund paid to the shopper of a cancelled, returned or delivered order: amount, UPI or bank reference, date and reason',
      params: orderNumberParamsSchema,
      body: refundInputSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await recordRefund(app.db, app.config, orderNumber, request.body, request.adminId!);
      app.mail.nudge();
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });

  app.route({
    ...contractRoute(app, settlementApi.keepAdvance, {
      tags: ['admin'],
      summary: 'Keep the advance of an order whose parcel came back, under one of the policy’s cases',
      params: orderNumberParamsSchema,
      body: keepInputSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await keepAdvance(app.db, app.config, orderNumber, request.body, request.adminId!);
      app.mail.nudge();
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });
};
