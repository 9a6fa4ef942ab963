/**
 * The WhatsApp webhook's schemas (docs/whatsapp.md): Meta's set-up handshake and its signed POSTs,
 * whose body the route reads raw (the signature covers the exact bytes) and checks itself.
 */
import { z } from 'zod';

/** Meta's GET when the webhook URL is saved: answer hub.challenge when hub.verify_token is ours. */
export const webhookHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(300).optional(),
  'hub.challenge': z.string().max(300).optional(),
});
export type WebhookHandshakeQuery = z.infer<typeof webhookHandshakeQuerySchema>;

export const webhookHandshakeReplySchema = z.string();

export const webhookReceivedSchema = z.object({
  /** Events kept for applying (a repeat is counted but kept once). */
  received: z.number().int(),
});
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** The shopper's message preferences (docs/whatsapp.md#consent), on the profile screen. */
export const messagePreferencesSchema = z.object({
  /** Order updates on WhatsApp; consent kept with its time. */
  whatsappUpdates: z.boolean(),
  /** When that consent was given (ISO time), or null. */
  whatsappUpdatesSince: z.string().nullable(),
  /** Offers on WhatsApp (back in stock, cart reminder): only with order updates on. */
  offers: z.boolean(),
  /** The language of the shopper's WhatsApp messages. */
  language: z.enum(['en', 'hi']),
});
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

export const messagePreferencesInputSchema = z.object({
  whatsappUpdates: z.boolean('Please say whether to send order updates on WhatsApp'),
  offers: z.boolean('Please say whether to send offers on WhatsApp'),
  language: z.enum(['en', 'hi'], 'Please choose English or Hindi'),
});
export type MessagePreferencesInput = z.infer<typeof messagePreferencesInputSchema>;
