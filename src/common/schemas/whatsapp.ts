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

export const webhookHandshakeReplySchema = z.string();

export const webhookReceivedSchema = z.object({
  /** Events kept for applying (a repeat is counted but kept once). */
  received: z.number().int(),
});
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/**
 * A "Get updates on WhatsApp" link (docs/whatsapp.md#numbers-proven-first): wa.me to the shop's
 * number with the one-time code prefilled; the shopper sends it from their own number.
 */
export const proofLinkSchema = z.object({
  code: z.string(),
  link: z.string(),
  expiresAt: z.string(),
});
export type ProofLink = z.infer<typeof proofLinkSchema>;

/** The account's number: proven (messages may go), else the link that proves it. */
export const accountProofSchema = z.object({
  proven: z.boolean(),
  proof: proofLinkSchema.nullable(),
});
export type AccountProof = z.infer<typeof accountProofSchema>;

/** The shopper's message preferences (docs/whatsapp.md#consent), on the profile screen. */
export const messagePreferencesSchema = z.object({
  /** Order updates on WhatsApp; consent kept with its time. */
  whatsappUpdates: z.boolean(),
  /** When that consent was given (ISO time), or null. */
  whatsappUpdatesSince: z.string().nullable(),
  /** The account's number sent us its code: WhatsApp messages may go to it. */
  whatsappProven: z.boolean(),
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
