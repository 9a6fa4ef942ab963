/**
 * The courier's tracking webhook (docs/product.md#tracking-updates-from-the-courier): one route for
 * whichever courier serves the store, registered only when that courier has a webhook
 * (courier.ts CourierWebhook; Shiprocket's needs SHIPROCKET_WEBHOOK_TOKEN). Its address,
 * /api/courier/updates, names no courier: it is the one the shop registered with Shiprocket, which
 * refuses URLs containing "shiprocket", "kartrocket", "sr" or "kr".
 *
 * - The courier's proof of origin (Shiprocket: the token in x-api-key, compared in constant time)
 *   is checked first: none or a wrong one is 401, logged, and nothing is read further.
 * - The body is size-limited (64 KB: a parcel's whole scan history fits many times) and read by
 *   the courier against its documented payload; anything else is 400 in the courier's words.
 * - The event is applied (applyTrackingEvent: one transaction in our own database, no courier call)
 *   and answered 200 at once. An AWB we never booked changes nothing: logged, answered 200 (it may
 *   be a parcel the owner booked on the courier's own site), so the courier does not retry it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierBookingApi } from '../../common/courier-booking-api.ts';
import { courierUpdateReplySchema } from '../../common/schemas/courier-booking.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { applyTrackingEvent } from './apply-event.ts';
import { applyToOtherParcels } from './hooks.ts';

export const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const BAD_TOKEN = 'This webhook does not carry the shop’s token';

export const courierWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const courier = app.courier;
  const webhook = courier.webhook;
  if (!webhook) return;

  app.route({
    ...contractRoute(app, courierBookingApi.updates, {
      tags: ['courier'],
      summary: 'Tracking events from the store’s courier (its webhook; Shiprocket: the shop’s token in x-api-key)',
      body: z.unknown(),
      response: { 200: courierUpdateReplySchema },
    }),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // Before the body is even parsed: a caller without the proof learns nothing more.
    onRequest: async (request) => {
      if (!webhook.authorized(request.headers)) {
        request.log.warn(
          { ip: request.ip, courier: courier.id, hasToken: request.headers['x-api-key'] !== undefined },
          'courier webhook refused: no token or a wrong one',
        );
        throw new AppError(401, 'bad_token', BAD_TOKEN);
      }
    },
    handler: async (request) => {
      const reading = webhook.read(request.body);
      if (!reading.ok) {
        request.log.warn(
          { courier: courier.id, issues: reading.issues.slice(0, 5) },
          'courier webhook refused: not the documented payload',
        );
        throw badRequest(reading.message);
      }
      const event = reading.event;
      if (!event) {
        request.log.info(
          { courier: courier.id, awb: reading.about.awb, status: reading.about.status },
          'courier webhook: a status the store has no step for; kept on the courier’s side only',
        );
        return { received: true };
      }
      const result = await applyTrackingEvent(app.db, app.config, event);
      if (result.outcome === 'unknown' && (await applyToOtherParcels(app.db, app.config, event))) {
        // A parcel the shipments table does not hold, such as an after-sales return (shipping/hooks.ts).
        request.log.info({ awb: event.awb, status: event.statusId }, 'courier webhook applied to a return parcel');
      } else if (result.outcome === 'unknown') {
        request.log.warn({ awb: event.awb }, 'courier webhook: an AWB the store never booked; nothing changed');
      } else {
        request.log.info(
          { awb: event.awb, status: event.statusId, outcome: result.outcome },
          'courier webhook applied',
        );
      }
      return { received: true };
    },
  });
};
