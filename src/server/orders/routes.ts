/**
 * A shopper's orders (SPEC §2 Your Orders, History, Confirmation): place one,
 * list their own, read one. Only the session's user is ever used.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_VIEWS, orderSchema, placeOrderSchema } from '../../common/schemas/order.ts';
import { requireUser } from '../auth/guards.ts';
import { placeOrder } from './place-order.ts';
import { getOwnOrder, listOrders } from './queries.ts';

const orderResponse = z.object({ order: orderSchema });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place a cash-on-delivery order from the cart (or the lines sent)',
        body: placeOrderSchema,
        response: { 200: orderResponse, 201: orderResponse },
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(app.db, request.userId!, request.body);
      reply.status(placed.created ? 201 : 200);
      return { order: await getOwnOrder(app.db, request.userId!, placed.orderId) };
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The shopper’s orders, newest first: open (not delivered), delivered, or all',
        querystring: z.object({ view: z.enum(ORDER_VIEWS).default('open') }),
        response: { 200: z.object({ orders: z.array(orderSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { orders: await listOrders(app.db, request.userId!, request.query.view) };
    },
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the shopper’s own orders (404 for anyone else’s)',
        params: z.object({ orderId: z.string().min(1).max(64) }),
        response: { 200: orderResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { order: await getOwnOrder(app.db, request.userId!, request.params.orderId) };
    },
  );
};
