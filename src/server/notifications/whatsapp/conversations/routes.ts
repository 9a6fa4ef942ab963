/**
 * INBOX's endpoints (issue 37; docs/whatsapp.md#the-inbox), registered in the admin scope behind
 * requireAdmin (admin/routes.ts). No SQL here: thread-read.ts and replies.ts hold it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxApi } from '../../../../common/inbox-api.ts';
import {
  INBOX_PHONE_MESSAGE,
  inboxListQuerySchema,
  inboxListSchema,
  inboxMediaParamsSchema,
  inboxPhoneParamsSchema,
  inboxReplyInputSchema,
  inboxReplySchema,
  threadSchema,
} from '../../../../common/schemas/inbox.ts';
import { contractRoute } from '../../../http/contract-route.ts';
import { notFound } from '../../../http/errors.ts';
import { servedType } from './media-fetch.ts';
import { markDone, markRead, markReplying, mediaOf, replyInConversation } from './replies.ts';
import { listConversations, readThread } from './thread-read.ts';

export const inboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const thread = async (phone: string) => {
    const found = await readThread(app.db, app.config, phone);
    if (!found) throw notFound(INBOX_PHONE_MESSAGE);
    return found;
  };

  app.route({
    ...contractRoute(app, inboxApi.list, {
      tags: ['admin'],
      summary: 'WhatsApp conversations newest first, found by phone, order number or name',
      querystring: inboxListQuerySchema,
      response: { 200: inboxListSchema },
    }),
    handler: async (request) => listConversations(app.db, request.query.q),
  });

  app.route({
    ...contractRoute(app, inboxApi.thread, {
      tags: ['admin'],
      summary: 'One WhatsApp conversation beside its orders’ facts; opening it marks it read',
      params: inboxPhoneParamsSchema,
      response: { 200: threadSchema },
    }),
    handler: async (request) => {
      const found = await thread(request.params.phone);
      await markRead(app.db, request.params.phone);
      return found;
    },
  });

  app.route({
    ...contractRoute(app, inboxApi.reply, {
      tags: ['admin'],
      summary: 'The owner’s reply: free text inside WhatsApp’s 24-hour window, else the inbox_reply template',
      params: inboxPhoneParamsSchema,
      body: inboxReplyInputSchema,
      response: { 200: inboxReplySchema },
    }),
    handler: async (request) => {
      const { phone } = request.params;
      const sent = await replyInConversation(app.db, phone, request.adminId as string, request.body.text);
      if (!sent) throw notFound(INBOX_PHONE_MESSAGE);
      app.whatsapp.nudge();
      return { sentAs: sent.sentAs, thread: await thread(phone) };
    },
  });

  app.route({
    ...contractRoute(app, inboxApi.replying, {
      tags: ['admin'],
      summary: 'Marks that this admin is replying (shown to the others for a few minutes)',
      params: inboxPhoneParamsSchema,
      response: { 200: threadSchema },
    }),
    handler: async (request) => {
      if (!(await markReplying(app.db, request.params.phone, request.adminId as string))) {
        throw notFound(INBOX_PHONE_MESSAGE);
      }
      return thread(request.params.phone);
    },
  });

  app.route({
    ...contractRoute(app, inboxApi.done, {
      tags: ['admin'],
      summary: 'Marks the conversation done (by either admin): nothing waits any more',
      params: inboxPhoneParamsSchema,
      response: { 200: threadSchema },
    }),
    handler: async (request) => {
      if (!(await markDone(app.db, request.params.phone, request.adminId as string))) {
        throw notFound(INBOX_PHONE_MESSAGE);
      }
      return thread(request.params.phone);
    },
  });

  app.route({
    ...contractRoute(app, inboxApi.media, {
      tags: ['admin'],
      summary: 'A photo, voice note or document a shopper sent, as the store kept it',
      params: inboxMediaParamsSchema,
      produces: ['image/webp', 'audio/ogg', 'application/pdf', 'application/octet-stream'],
    }),
    handler: async (request, reply) => {
      const row = await mediaOf(app.db, request.params.messageId);
      const found = row?.media_key ? await app.media.get(row.media_key) : null;
      if (!row || !found) throw notFound('No such file.');
      const type = servedType(row.media_type ?? 'application/octet-stream');
      // A shopper's file: never run as a page, never guessed at (sandboxed, nosniff); a document downloads.
      reply
        .header('content-type', type)
        .header('content-length', found.length)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', type === 'application/pdf' ? 'attachment; filename="document.pdf"' : 'inline');
      return reply.send(found.body);
    },
  });
};
