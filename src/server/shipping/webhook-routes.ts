/**
 * The courier's tracking webhook (docs/product.md#tracking-updates-from-the-courier), registered only when Shiprocket is set
 * up with SHIPROCKET_WEBHOOK_TOKEN. Its address, /api/courier/updates, names no courier: Shiprocket
 * refuses URLs containing "shiprocket", "kartrocket", "sr" or "kr".
 *
 * - The token in x-api-key is checked first, in constant time: none or a wrong one is 401, logged,
 *   and nothing is read further.
 * - The body is size-limited (64 KB: a parcel's whole scan history fits many times) and validated
 *   against Shiprocket's documented payload; anything else is 400.
 * - The event is applied (applyTrackingEvent: one transaction in our own database, no courier call)
 *   and answered 200 at once. An AWB we never booked changes nothing: logged, answered 200 (it may
 *   be a parcel the owner booked on Shiprocket's own site), so Shiprocket does not retry it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierBookingApi } from '../../common/courier-booking-api.ts';
import { courierUpdateReplySchema, shiprocketWebhookSchema } from '../../common/schemas/courier-booking.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { applyTrackingEvent } from './apply-event.ts';
import { webhookEvent, webhookTokenMatches } from './shiprocket/webhook.ts';

export const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const BAD_TOKEN = 'This webhook does not carry the shop’s token';

export const courierWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.shiprocket?.webhookToken;
  if (!token || app.courier.id !== 'shiprocket') return;

  app.route({
    ...contractRoute(app, courierBookingApi.updates, {
      tags: ['courier'],
      summary: 'Tracking events from Shiprocket (its webhook), with the shop’s token in x-api-key',
      body: z.unknown(),
      response: { 200: courierUpdateReplySchema },
    }),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // Before the body is even parsed: a caller without the token learns nothing more.
    onRequest: async (request) => {
      if (!webhookTokenMatches(request.headers['x-api-key'], token)) {
        request.log.warn(
          { ip: request.ip, hasToken: request.headers['x-api-key'] !== undefined },
          'courier webhook refused: no token or a wrong one',
        );
        throw new AppError(401, 'bad_token', BAD_TOKEN);
      }
    },
    handler: async (request) => {
      const parsed = shiprocketWebhookSchema.safeParse(request.body);
      if (!parsed.success) {
        request.log.warn(
          { issues: parsed.error.issues.slice(0, 5) },
          'courier webhook refused: not the documented payload',
        );
        throw badRequest('The body is not a Shiprocket tracking update');
      }
      const event = webhookEvent(parsed.data);
      if (!event) {
        request.log.info(
          { awb: parsed.data.awb, status: parsed.data.shipment_status_id },
          'courier webhook: a status the store has no step for; kept on Shiprocket only',
        );
        return { received: true };
      }
      const result = await applyTrackingEvent(app.db, app.config, event);
      if (result.outcome === 'unknown') {
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
