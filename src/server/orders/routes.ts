/**
 * A shopper's orders (docs/product.md "Your Orders", "History", "Confirmation"):
 * place one, list their own, read one, send the advance's UPI reference, and
 * the QR code of its UPI link. Only the session's user is ever used; orders are
 * named by their number.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderApi } from '../../common/order-api.ts';
import {
  advancePaymentSchema,
  orderListSchema,
  orderNumberParamsSchema,
  orderReplySchema,
  orderViewQuerySchema,
  placeOrderSchema,
} from '../../common/schemas/order.ts';
import { requireUser } from '../auth/guards.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, notFound } from '../http/errors.ts';
import { submitAdvance } from './advance.ts';
import { advanceQrSvg } from './advance-qr.ts';
import { switchToPayInFull } from './pay-in-full.ts';
import { placeOrder } from './place-order.ts';
import { getOwnOrder, listOrders, ORDER_NOT_FOUND, ownOrderRow, placedOrderView } from './queries.ts';

/**
 * The shopper's order routes, and `within`: routes of the folders above orders that take this
 * scope's guard (a shopper's session) and no-store answers (the invoice PDF, invoices/routes.ts),
 * handed in by src/server/routes.ts so orders does not import them.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ within?: FastifyPluginAsyncZod[] }> = async (app, opts) => {
  requireUser(app);
  // Every answer here is one shopper's own: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  for (const routes of opts.within ?? []) await app.register(routes);

  app.route({
    ...contractRoute(app, orderApi.place, {
      tags: ['orders'],
      summary: 'Place a cash-on-delivery order from the cart (or the lines sent)',
      body: placeOrderSchema,
      response: { 200: orderReplySchema, 201: orderReplySchema },
    }),
    handler: async (request, reply) => {
      // The pincode check before anything is saved (docs/product.md#shipping): the courier's answer is
      // asked outside the order's transaction, which never waits on another service.
      const undeliverable = await app.delivery.refusal(request.body.address);
      if (undeliverable) throw new AppError(409, 'not_delivered', undeliverable, { address: undeliverable });
      const placed = await placeOrder(app.db, app.config, request.userId!, request.body);
      if (placed.created) app.mail.nudge();
      if (placed.created) {
        reply.status(201);
        return { order: placedOrderView(app.config, placed.row, placed.lines) };
      }
      return { order: await getOwnOrder(app.db, app.config, request.userId!, { id: placed.orderId }) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.list, {
      tags: ['orders'],
      summary: 'The shopper’s orders, newest first: open (not delivered), delivered, or all',
      querystring: orderViewQuerySchema,
      response: { 200: orderListSchema },
    }),
    handler: async (request) => ({
      orders: await listOrders(app.db, app.config, request.userId!, request.query.view),
    }),
  });

  app.route({
    ...contractRoute(app, orderApi.order, {
      tags: ['orders'],
      summary: 'One of the shopper’s own orders by its number (404 for anyone else’s)',
      params: orderNumberParamsSchema,
      response: { 200: orderReplySchema },
    }),
    handler: async (request) => ({
      order: await getOwnOrder(app.db, app.config, request.userId!, { number: request.params.orderNumber }),
    }),
  });

  app.route({
    ...contractRoute(app, orderApi.sendAdvance, {
      tags: ['orders'],
      summary: 'Send the UPI reference (UTR) of the advance paid for this order',
      params: orderNumberParamsSchema,
      body: advancePaymentSchema,
      response: { 200: orderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await submitAdvance(app.db, app.config, request.userId!, orderNumber, request.body.utr);
      app.mail.nudge();
      return { order: await getOwnOrder(app.db, app.config, request.userId!, { number: orderNumber }) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.payInFull, {
      tags: ['orders'],
      summary: 'Pay the whole order by UPI now, for the shop’s discount, instead of the advance (unpaid orders)',
      params: orderNumberParamsSchema,
      response: { 200: orderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await switchToPayInFull(app.db, app.config, orderNumber, request.userId!);
      return { order: await getOwnOrder(app.db, app.config, request.userId!, { number: orderNumber }) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.advanceQr, {
      tags: ['orders'],
      summary: 'The QR code of the order’s UPI payment link (for shoppers on a computer)',
      params: orderNumberParamsSchema,
      produces: ['image/svg+xml'],
    }),
    handler: async (request, reply) => {
      if (!app.config.upi) throw notFound(ORDER_NOT_FOUND);
      const row = await ownOrderRow(app.db, request.userId!, { number: request.params.orderNumber });
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(await advanceQrSvg(app.config.upi, row));
    },
  });
};
