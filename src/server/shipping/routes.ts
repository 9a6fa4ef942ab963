/**
 * Shipping's public endpoints (docs/product.md#shipping): the pincode check the product page and the
 * checkout ask before an order, and /track's lookup by order number and phone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryCheckSchema,
  pincodeParamsSchema,
  trackQuerySchema,
  trackReplySchema,
} from '../../common/schemas/shipping.ts';
import { shippingApi } from '../../common/shipping-api.ts';
import { contractRoute } from '../http/contract-route.ts';
import { perAddressGate } from './delivery-check.ts';
import { trackOrder } from './track-lookup.ts';

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, shippingApi.deliveryCheck, {
      tags: ['shipping'],
      summary: 'Whether the shop delivers to a pincode with cash on delivery, and by when',
      params: pincodeParamsSchema,
      response: { 200: deliveryCheckSchema },
    }),
    handler: async (request, reply) => {
      const answer = await app.delivery.check(request.params.pincode, perAddressGate(app.db, request.ip));
      // The same for everyone and kept a day on the server: a browser may keep it an hour (a 429 is not kept).
      reply.header('cache-control', 'public, max-age=3600');
      return answer;
    },
  });

  app.route({
    ...contractRoute(app, shippingApi.track, {
      tags: ['shipping'],
      summary: 'An order’s parcel by its number and the phone it was placed with (no log-in; limited per address)',
      querystring: trackQuerySchema,
      response: { 200: trackReplySchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return trackOrder(app.db, app.config, request.query, request.ip);
    },
  });
};
