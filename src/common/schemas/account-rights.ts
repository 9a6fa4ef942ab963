/**
 * The shopper's control of their account (docs/product.md#account-rights): change the
 * password, set one from a reset link, download their data, delete the
 * account; and the owner's shopper lookup that makes reset links. Built from
 * the plain rules of password-change-rules.ts, like schemas/account.ts.
 */
import { z } from 'zod';
import {
  CHANGE_PASSWORD_RULES,
  DELETE_ACCOUNT_RULES,
  PASSWORD_MESSAGES,
  RESET_PASSWORD_RULES,
} from '../password-change-rules.ts';
import { formSchema } from './from-rules.ts';

export const passwordChangeRequestSchema = formSchema(CHANGE_PASSWORD_RULES).refine(
  (v) => v.currentPassword !== v.newPassword,
  { message: PASSWORD_MESSAGES.same, path: ['newPassword'] },
);
export type PasswordChangeInput = z.infer<typeof passwordChangeRequestSchema>;

export const passwordResetRequestSchema = formSchema(RESET_PASSWORD_RULES);
export const deleteAccountRequestSchema = formSchema(DELETE_ACCOUNT_RULES);

export const RESET_LINK_INVALID = 'This password link is not valid. Please ask us on WhatsApp for a new one.';
/** 32 random bytes in base64url: 43 characters. Anything else is no link of ours. */
export const resetTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_INVALID),
});

/** What the reset page shows before the shopper types: whose account (masked) and until when. */
export const resetLinkInfoSchema = z.object({ number: z.string(), expiresAt: z.string() });
export type ResetLinkInfo = z.infer<typeof resetLinkInfoSchema>;

/** "Download my data": everything the shop holds about the shopper, as one JSON file. */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  shop: z.object({ name: z.string(), legalName: z.string(), email: z.string() }),
  profile: z.object({
    name: z.string(),
    number: z.string(),
    email: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  addresses: z.array(z.string()),
  cart: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), addedAt: z.string() })),
  orders: z.array(
    z.object({
      number: z.string(),
      placedAt: z.string(),
      status: z.string(),
      buyerName: z.string(),
      phone: z.string(),
      address: z.string(),
      total: z.number().int(),
      totalMrp: z.number().int(),
      advance: z.object({ state: z.string(), utr: z.string().nullable(), note: z.string().nullable() }),
      invoiceNumber: z.string().nullable(),
      lines: z.array(
        z.object({
          productId: z.string(),
          name: z.string(),
          quantity: z.number().int(),
          mrp: z.number().int(),
          price: z.number().int(),
        }),
      ),
      history: z.array(z.object({ kind: z.string(), status: z.string(), note: z.string().nullable(), at: z.string() })),
    }),
  ),
  viewedProducts: z.array(z.object({ productId: z.string(), name: z.string(), viewedAt: z.string() })),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The owner's lookup: the start of a phone number, at least 4 digits. */
export const shopperLookupQuerySchema = z.object({
  phone: z
    .string('Please type at least 4 digits of the phone number')
    .trim()
    .regex(/^[0-9]{4,10}$/, 'Please type at least 4 digits of the phone number'),
});

export const adminShopperSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  createdAt: z.string(),
  orderCount: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
export type AdminShopper = z.infer<typeof adminShopperSchema>;
export const shopperListSchema = z.object({ shoppers: z.array(adminShopperSchema) });
export type ShopperList = z.infer<typeof shopperListSchema>;

export const shopperIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-hjkmnp-tv-z]{20}$/, 'We could not find this shopper'),
});

/** A new reset link: shown to the owner once (only its hash is kept). */
export const resetLinkSchema = z.object({ link: z.string(), expiresAt: z.string(), number: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;
