/**
 * The shopper's cart on the server (docs/product.md#cart; #better-3, #better-9, #better-16, #better-17), and
 * the price quote of a visitor's local cart. Cart routes only ever touch the
 * session's own cart: no user id is read from the request. Paths and replies: src/common/cart-api.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartApi } from '../../common/cart-api.ts';
import {
  addToCartResultSchema,
  addToCartSchema,
  cartItemParamsSchema,
  cartSchema,
  mergeCartSchema,
  setQuantitySchema,
} from '../../common/schemas/cart.ts';
import { requireUser } from '../auth/guards.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addToCart, getCart, mergeIntoCart, quoteCart, removeFromCart, setQuantity } from './queries.ts';

/** Needs no session: prices a visitor's local cart with the server's current data. */
export const cartQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, cartApi.quote, {
      tags: ['cart'],
      summary: 'Current names, prices and stock for a visitor’s local cart',
      body: mergeCartSchema,
      response: { 200: cartSchema },
    }),
    handler: async (request) => quoteCart(app.db, request.body.lines),
  });
};

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);

  app.route({
    ...contractRoute(app, cartApi.cart, {
      tags: ['cart'],
      summary: 'The shopper’s cart',
      response: { 200: cartSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCart(app.db, request.userId!);
    },
  });

  app.route({
    ...contractRoute(app, cartApi.addItem, {
      tags: ['cart'],
      summary: 'Add a watch (again raises the quantity, never past 10); `added` says how many were added',
      body: addToCartSchema,
      response: { 200: addToCartResultSchema },
    }),
    handler: async (request) => {
      const added = await addToCart(app.db, request.userId!, request.body.productId, request.body.quantity);
      return { ...(await getCart(app.db, request.userId!)), added };
    },
  });

  app.route({
    ...contractRoute(app, cartApi.setQuantity, {
      tags: ['cart'],
      summary: 'Set the quantity of a cart line (1 to 10)',
      params: cartItemParamsSchema,
      body: setQuantitySchema,
      response: { 200: cartSchema },
    }),
    handler: async (request) => {
      await setQuantity(app.db, request.userId!, request.params.productId, request.body.quantity);
      return getCart(app.db, request.userId!);
    },
  });

  app.route({
    ...contractRoute(app, cartApi.removeItem, {
      tags: ['cart'],
      summary: 'Remove a cart line',
      params: cartItemParamsSchema,
      response: { 200: cartSchema },
    }),
    handler: async (request) => {
      await removeFromCart(app.db, request.userId!, request.params.productId);
      return getCart(app.db, request.userId!);
    },
  });

  app.route({
    ...contractRoute(app, cartApi.merge, {
      tags: ['cart'],
      summary: 'Merge a visitor’s local cart into the account cart',
      body: mergeCartSchema,
      response: { 200: cartSchema },
    }),
    handler: async (request) => {
      await mergeIntoCart(app.db, request.userId!, request.body.lines);
      return getCart(app.db, request.userId!);
    },
  });
};
