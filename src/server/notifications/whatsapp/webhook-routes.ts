/**
 * WhatsApp's webhook (docs/whatsapp.md#webhook), registered only when WhatsApp is set up.
 *
 * - GET: Meta's handshake when the URL is saved in the app dashboard: hub.mode=subscribe,
 *   hub.verify_token (ours, WHATSAPP_VERIFY_TOKEN) and hub.challenge, which is answered as plain
 *   text; anything else is 403 (developers.facebook.com/docs/graph-api/webhooks/getting-started).
 * - POST: the body is read raw, whatever its content type, and its X-Hub-Signature-256 checked
 *   against the app secret before anything else: unsigned or forged → 401 and nothing kept. A
 *   signed body's events for the shop's own phone number id are kept (inbox.ts) and answered at
 *   once; they are applied after the answer, by the worker. Events for another number of the same
 *   Meta app are answered 200 (or Meta repeats them) and ignored.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookHandshakeQuerySchema,
  webhookHandshakeReplySchema,
  webhookReceivedSchema,
} from '../../../common/schemas/whatsapp.ts';
import { whatsappApi } from '../../../common/whatsapp-api.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { eventsOf, storeEvents } from './inbox.ts';
import { validSignature } from './signature.ts';

export const BAD_SIGNATURE = 'This webhook is not signed by WhatsApp';

const badSignature = () => new AppError(401, 'bad_signature', BAD_SIGNATURE);

export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.whatsapp;
  if (!settings) return;

  // The signature covers the exact bytes: parse them here, after checking it (this scope only).
  // Every content type goes through the check: with Fastify's own text/plain parser left in place,
  // an unsigned `text/plain` POST was answered 200 (issue 34).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, raw, done) => {
    const body = raw as Buffer;
    if (!validSignature(body, request.headers['x-hub-signature-256'], settings.appSecret)) {
      done(badSignature(), undefined);
      return;
    }
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(badRequest('The body is not JSON'), undefined);
    }
  });

  app.route({
    ...contractRoute(app, whatsappApi.handshake, {
      tags: ['whatsapp'],
      summary: 'Meta’s webhook handshake: answers hub.challenge when hub.verify_token is the shop’s',
      querystring: webhookHandshakeQuerySchema,
      response: { 200: webhookHandshakeReplySchema },
    }),
    handler: async (request, reply) => {
      const q = request.query;
      if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== settings.verifyToken || !q['hub.challenge']) {
        throw forbidden('The verify token does not match');
      }
      reply.type('text/plain; charset=utf-8');
      return q['hub.challenge'];
    },
  });

  app.route({
    ...contractRoute(app, whatsappApi.events, {
      tags: ['whatsapp'],
      summary: 'Replies and message statuses from WhatsApp, signed with the app secret (X-Hub-Signature-256)',
      body: z.unknown(),
      response: { 200: webhookReceivedSchema },
    }),
    handler: async (request) => {
      // No body means no parser ran, so nothing was checked: no signature can cover it.
      if (request.body === undefined || request.body === null) throw badSignature();
      const events = eventsOf(request.body, settings.phoneNumberId);
      // Kept before answering, so an answered event is never lost; applied after the answer.
      await storeEvents(app.db, events);
      if (events.length > 0) app.whatsapp.nudge();
      return { received: events.length };
    },
  });
};
