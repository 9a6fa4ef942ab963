/**
 * WhatsApp's endpoints (src/common/api-contract.ts): the webhook, called by Meta, never by the
 * browser; and the shopper's message preferences. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type {
  AccountProof,
  MessagePreferences,
  MessagePreferencesInput,
  WebhookReceived,
  webhookHandshakeQuerySchema,
} from './schemas/whatsapp.ts';

export const whatsappApi = {
  /** The set-up handshake: answers hub.challenge as plain text when hub.verify_token matches. */
  handshake: endpoint<{ reply: string; query: z.input<typeof webhookHandshakeQuerySchema> }>()(
    'GET',
    '/whatsapp/webhook',
  ),
  /** Replies and message statuses, signed with the app secret (X-Hub-Signature-256). */
  events: endpoint<{ reply: WebhookReceived; body: unknown }>()('POST', '/whatsapp/webhook'),

  /** The logged-in shopper's WhatsApp consent, offers and language. */
  preferences: endpoint<{ reply: MessagePreferences }>()('GET', '/profile/messages'),
  setPreferences: endpoint<{ reply: MessagePreferences; body: MessagePreferencesInput }>()('PUT', '/profile/messages'),
  /** The account's number proven, or a one-time code and its wa.me link to prove it. */
  proof: endpoint<{ reply: AccountProof }>()('POST', '/profile/messages/proof'),
} as const;
