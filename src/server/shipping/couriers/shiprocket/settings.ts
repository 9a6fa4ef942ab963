/**
 * Shiprocket's settings from the environment (docs/deploy.md#connecting-shiprocket), read and
 * checked by the provider (provider.ts) when config.ts reads the rest of the configuration at start. All optional: without SHIPROCKET_EMAIL and
 * SHIPROCKET_PASSWORD the store uses the manual courier, as before (docs/product.md#shipping).
 */
import { z } from 'zod';

/**
 * The documented base address of Shiprocket's external API (apidocs.shiprocket.in, "Generate
 * Token": POST https://apiv2.shiprocket.in/v1/external/auth/login). Every path is relative to it.
 */
export const SHIPROCKET_DEFAULT_API_URL = 'https://apiv2.shiprocket.in/v1/external';

/** Shiprocket's own default name for the first pickup address a seller registers. */
export const SHIPROCKET_DEFAULT_PICKUP_LOCATION = 'Primary';

export interface ShiprocketSettings {
  /** The API user (Settings > API > Add New API User in Shiprocket's panel), not the panel log-in. */
  email: string;
  password: string;
  /** No trailing slash. */
  apiUrl: string;
  /** The pickup address's nickname as registered in Shiprocket (orders/create/adhoc `pickup_location`). */
  pickupLocation: string;
  /** The pickup address's pincode: serviceability is asked from here (`pickup_postcode`). */
  pickupPincode: string;
  /** The token Shiprocket sends in `x-api-key` with each tracking webhook; no webhook without it. */
  webhookToken: string | undefined;
}

/** Shiprocket's variables, each checked alone; the config's messages. */
export const shiprocketEnvSchema = z.object({
  SHIPROCKET_EMAIL: z.string().trim().email('must be the email of the Shiprocket API user').optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).max(200, 'must be at most 200 characters').optional(),
  SHIPROCKET_API_URL: z
    .string()
    .url('must be a URL such as https://apiv2.shiprocket.in/v1/external')
    .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
    .optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  SHIPROCKET_PICKUP_PINCODE: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'must be the 6-digit pincode of the pickup address')
    .optional(),
  // Random and long: it is the only proof that a webhook comes from Shiprocket.
  SHIPROCKET_WEBHOOK_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a long random token, also entered in Shiprocket)')
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
});

export type ShiprocketEnv = z.output<typeof shiprocketEnvSchema> & { SHOP_ADDRESS?: string | undefined };

/** The README's configuration row for Shiprocket (registry.test.ts checks the README carries it). */
export const SHIPROCKET_SETTINGS_DOCS = [
  {
    variables: ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD'],
    default: 'unset (the manual courier: the owner types the courier and AWB)',
    meaning:
      "a Shiprocket API user, both together: the owner books couriers from Admin Orders, and parcels are tracked (docs/deploy.md#connecting-shiprocket). `SHIPROCKET_API_URL` (default `https://apiv2.shiprocket.in/v1/external`), `SHIPROCKET_PICKUP_LOCATION` (the pickup address's name there), `SHIPROCKET_PICKUP_PINCODE` (default: the last pincode in `SHOP_ADDRESS`) and `SHIPROCKET_WEBHOOK_TOKEN` (the token Shiprocket sends in `x-api-key`; without it no webhook route, tracking by the 12-hour poll)",
  },
] as const;

/** The last 6-digit pincode in the shop's address ("… Mumbai - 400001, Maharashtra"). */
function pincodeIn(address: string | undefined): string | undefined {
  const all = address?.match(/(?<!\d)[1-9]\d{5}(?!\d)/g);
  return all?.[all.length - 1];
}

/** Settings that only make sense together. */
export function checkShiprocketEnv(
  e: ShiprocketEnv,
  issue: (variable: keyof z.output<typeof shiprocketEnvSchema>, message: string) => void,
) {
  if (Boolean(e.SHIPROCKET_EMAIL) !== Boolean(e.SHIPROCKET_PASSWORD)) {
    issue(
      e.SHIPROCKET_EMAIL ? 'SHIPROCKET_PASSWORD' : 'SHIPROCKET_EMAIL',
      'must be set together with the other (the Shiprocket API user’s email and password)',
    );
    return;
  }
  if (!e.SHIPROCKET_EMAIL) {
    for (const name of [
      'SHIPROCKET_API_URL',
      'SHIPROCKET_PICKUP_LOCATION',
      'SHIPROCKET_PICKUP_PINCODE',
      'SHIPROCKET_WEBHOOK_TOKEN',
    ] as const) {
      if (e[name] !== undefined)
        issue(name, 'is used only with SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD: set them too, or remove it');
    }
    return;
  }
  if (!e.SHIPROCKET_PICKUP_PINCODE && !pincodeIn(e.SHOP_ADDRESS)) {
    issue('SHIPROCKET_PICKUP_PINCODE', 'must be set: SHOP_ADDRESS has no 6-digit pincode to ship from');
  }
}

export function shiprocketSettings(e: ShiprocketEnv): ShiprocketSettings | undefined {
  if (!e.SHIPROCKET_EMAIL || !e.SHIPROCKET_PASSWORD) return undefined;
  return {
    email: e.SHIPROCKET_EMAIL,
    password: e.SHIPROCKET_PASSWORD,
    apiUrl: (e.SHIPROCKET_API_URL ?? SHIPROCKET_DEFAULT_API_URL).replace(/\/+$/, ''),
    pickupLocation: e.SHIPROCKET_PICKUP_LOCATION ?? SHIPROCKET_DEFAULT_PICKUP_LOCATION,
    pickupPincode: e.SHIPROCKET_PICKUP_PINCODE ?? pincodeIn(e.SHOP_ADDRESS) ?? '',
    webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
  };
}
