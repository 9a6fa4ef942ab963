/**
 * What GET /api/session answers, and the log-in and sign-up requests, which may
 * carry the visitor's local cart to merge into the account (docs/product.md#better-9).
 */
import { z } from 'zod';
import { addressSchema, loginSchema, signupSchema } from './account.ts';
import { visitorCartSchema } from './cart.ts';

/** The logged-in shopper as the server answers it and the app holds it (useSession): one type for both. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  addresses: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({ user: sessionUserSchema.nullable(), isAdmin: z.boolean() });
export type SessionData = z.infer<typeof sessionSchema>;

export const userResponseSchema = z.object({ user: sessionUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** The spec's rules come first (their messages in spec order); the cart is checked last. */
export const signupRequestSchema = signupSchema.extend({
  cart: visitorCartSchema.optional(),
  /** The unticked "Send my order updates on WhatsApp" box (docs/whatsapp.md#consent). */
  whatsappUpdates: z.boolean().optional(),
});
export const loginRequestSchema = loginSchema.extend({ cart: visitorCartSchema.optional() });
export const addAddressSchema = z.object({ address: addressSchema });
