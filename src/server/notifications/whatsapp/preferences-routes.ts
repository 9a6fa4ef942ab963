/**
 * The shopper's message preferences (docs/whatsapp.md#consent): order updates on WhatsApp (the
 * consent, with its time), offers, and the language of the messages. Always the session's user.
 * Open whether or not WhatsApp is set up: a consent given now counts once it is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema as errorSchema } from '../../../common/schemas/error.ts';
import {
  accountProofSchema,
  messagePreferencesInputSchema,
  messagePreferencesSchema,
} from '../../../common/schemas/whatsapp.ts';
import { whatsappApi } from '../../../common/whatsapp-api.ts';
import { requireUser } from '../../auth/guards.ts';
import { nowIso } from '../../db/ids.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { readPreferences, savePreferences } from './consent.ts';
import { accountProof } from './proof-codes.ts';

export const NO_WHATSAPP = 'This shop does not send WhatsApp messages';

export const messagePreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const current = async (userId: string) => {
    const preferences = await readPreferences(app.db, userId);
    if (!preferences) throw unauthorized();
    return preferences;
  };

  app.route({
    ...contractRoute(app, whatsappApi.preferences, {
      tags: ['accounts'],
      summary: 'The shopper’s WhatsApp consent, offers and language',
      response: { 200: messagePreferencesSchema, 401: errorSchema },
    }),
    handler: async (request) => current(request.userId!),
  });

  app.route({
    ...contractRoute(app, whatsappApi.setPreferences, {
      tags: ['accounts'],
      summary: 'Turn WhatsApp order updates and offers on or off, and choose English or Hindi',
      body: messagePreferencesInputSchema,
      response: { 200: messagePreferencesSchema, 400: errorSchema, 401: errorSchema },
    }),
    handler: async (request) => {
      const userId = request.userId!;
      await savePreferences(app.db, userId, request.body, nowIso());
      return current(userId);
    },
  });

  app.route({
    ...contractRoute(app, whatsappApi.proof, {
      tags: ['accounts'],
      summary:
        'Whether the account’s number is proven; if not, a one-time code and the wa.me link that sends it to the shop',
      response: { 200: accountProofSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
    }),
    handler: async (request) => {
      if (!app.config.whatsapp) throw notFound(NO_WHATSAPP);
      const proof = await accountProof(app.db, app.config, request.userId!, request.ip);
      if (!proof) throw unauthorized();
      return proof;
    },
  });
};
