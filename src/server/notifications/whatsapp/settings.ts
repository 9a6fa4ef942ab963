/**
 * WhatsApp's settings from the environment (docs/whatsapp.md), checked with the rest of the
 * configuration at start. All optional: without WHATSAPP_TOKEN the store sends every message by
 * email, as before (docs/decisions/031-whatsapp-channel.md).
 */
import { z } from 'zod';

/**
 * The Graph API base with its version. Cloud API messages are sent with
 * POST {base}/{phone-number-id}/messages (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages).
 */
export const WHATSAPP_DEFAULT_API_URL = 'https://graph.facebook.com/v21.0';

export interface WhatsAppSettings {
  /** A system user's permanent access token with whatsapp_business_messaging (sent as a Bearer token). */
  token: string;
  /** The business phone number's id (WhatsApp Manager > API Setup), not the phone number itself. */
  phoneNumberId: string;
  /** The Meta app's secret: webhook POSTs are signed with it (X-Hub-Signature-256). */
  appSecret: string;
  /** The token typed into the webhook's set-up in the app dashboard; the GET handshake echoes it. */
  verifyToken: string;
  /** No trailing slash. */
  apiUrl: string;
  /**
   * The Cloud API number itself, digits with the country code (WHATSAPP_NUMBER, else SHOP_WHATSAPP):
   * the "Get updates on WhatsApp" link opens a chat with it, and the code sent there proves the
   * shopper's number (docs/decisions/050-numbers-proven-before-messages.md).
   */
  number: string;
  /** Messages one shopper's number may be sent in an India day (WHATSAPP_DAILY_MAX). */
  dailyMax: number;
  /** Minutes a shopper's message may wait unanswered, within shop hours, before the owner's summary (INBOX_WAIT_MINUTES). */
  inboxWaitMinutes: number;
  /** The shop's hours, India time, in minutes after midnight (SHOP_HOURS, "10:00-20:00"). */
  shopHours: { open: number; close: number };
}

/** "10:00-20:00" → minutes after midnight; undefined when it is not two times, the first earlier. */
export function parseShopHours(text: string): { open: number; close: number } | undefined {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])-([01][0-9]|2[0-4]):([0-5][0-9])$/.exec(text.trim());
  if (!m) return undefined;
  const open = Number(m[1]) * 60 + Number(m[2]);
  const close = Number(m[3]) * 60 + Number(m[4]);
  return open < close && close <= 24 * 60 ? { open, close } : undefined;
}

const DEFAULT_SHOP_HOURS = '10:00-20:00';

/** The default of WHATSAPP_DAILY_MAX: an order's four messages twice over, and a couple of replies. */
export const DEFAULT_WHATSAPP_DAILY_MAX = 10;

const secret = (what: string) =>
  z
    .string()
    .trim()
    .min(8, `must be at least 8 characters (${what})`)
    .max(1000, 'must be at most 1000 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional();

export const whatsappEnvSchema = {
  WHATSAPP_TOKEN: secret('the access token from Meta'),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^[0-9]{5,25}$/, 'must be the phone number id shown in WhatsApp Manager (digits)')
    .optional(),
  WHATSAPP_APP_SECRET: secret('the app secret from the Meta app dashboard'),
  // Random and long: the handshake only proves that whoever set the webhook up knew it.
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a long random token, also typed into the webhook set-up)')
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
  WHATSAPP_API_URL: z
    .string()
    .url('must be a URL such as https://graph.facebook.com/v21.0')
    .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
    .optional(),
  // The Cloud API number (API Setup shows it): where shoppers send the code that proves their number.
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .regex(/^\+?[1-9][0-9]{9,14}$/, 'must be the WhatsApp Cloud API number with its country code, such as 919876543210')
    .optional(),
  // A cap per shopper's number and day, counted in the database: a stranger's typo costs little.
  WHATSAPP_DAILY_MAX: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(DEFAULT_WHATSAPP_DAILY_MAX),
  // A shopper's message unanswered this long within shop hours brings the owner one summary (issue 37).
  INBOX_WAIT_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes such as 30')
    .min(1, 'must be at least 1 minute')
    .max(24 * 60, 'must be at most 1440 minutes')
    .default(30),
  // The shop's hours, India time: the inbox's waits count only inside them, and a quick answer tells them.
  SHOP_HOURS: z
    .string()
    .trim()
    .refine((t) => parseShopHours(t) !== undefined, 'must be two times such as 10:00-20:00, the first earlier')
    .default(DEFAULT_SHOP_HOURS),
  // The owner's own WhatsApp number with its country code (919876543210).
  OWNER_WHATSAPP: z
    .string()
    .trim()
    .regex(/^\+?[1-9][0-9]{9,14}$/, 'must be a WhatsApp number with its country code, such as 919876543210')
    .optional(),
};

export interface WhatsAppEnv {
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  WHATSAPP_API_URL?: string | undefined;
  OWNER_WHATSAPP?: string | undefined;
  WHATSAPP_NUMBER?: string | undefined;
  WHATSAPP_DAILY_MAX?: number | undefined;
  INBOX_WAIT_MINUTES?: number | undefined;
  SHOP_HOURS?: string | undefined;
}

const NEEDED = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/**
 * The four go together: a token without the app secret would send confirmations whose replies the
 * store cannot trust, and without the verify token Meta cannot be pointed at the webhook.
 */
export function checkWhatsAppEnv(e: WhatsAppEnv, ctx: z.RefinementCtx): void {
  const given = NEEDED.filter((k) => e[k] !== undefined);
  if (given.length === 0) {
    for (const k of ['WHATSAPP_API_URL', 'OWNER_WHATSAPP', 'WHATSAPP_NUMBER'] as const) {
      if (e[k] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'needs WHATSAPP_TOKEN and the other WhatsApp settings' });
      }
    }
    return;
  }
  for (const k of NEEDED) {
    if (e[k] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [k],
        message: `is needed with ${given.join(', ')} (docs/whatsapp.md lists where each comes from)`,
      });
    }
  }
}

export function whatsappSettings(e: WhatsAppEnv, shopWhatsapp: string): WhatsAppSettings | undefined {
  if (!e.WHATSAPP_TOKEN || !e.WHATSAPP_PHONE_NUMBER_ID || !e.WHATSAPP_APP_SECRET || !e.WHATSAPP_VERIFY_TOKEN) {
    return undefined;
  }
  return {
    token: e.WHATSAPP_TOKEN,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: e.WHATSAPP_APP_SECRET,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    apiUrl: (e.WHATSAPP_API_URL ?? WHATSAPP_DEFAULT_API_URL).replace(/\/+$/, ''),
    number: (e.WHATSAPP_NUMBER ?? shopWhatsapp).replace(/\D/g, ''),
    dailyMax: e.WHATSAPP_DAILY_MAX ?? DEFAULT_WHATSAPP_DAILY_MAX,
    inboxWaitMinutes: e.INBOX_WAIT_MINUTES ?? 30,
    shopHours: parseShopHours(e.SHOP_HOURS ?? DEFAULT_SHOP_HOURS) ?? { open: 600, close: 1200 },
  };
}

/** The owner's number in E.164 (+919876543210), or undefined. */
export function ownerWhatsApp(e: WhatsAppEnv): string | undefined {
  return e.OWNER_WHATSAPP ? `+${e.OWNER_WHATSAPP.replace(/^\+/, '')}` : undefined;
}
