/**
 * The server's account schemas, built from the rules of docs/product.md#validation in
 * account-rules.ts and signup-rules.ts, which hold every rule and message and
 * which the shopper forms check without zod. zod reports issues in key order,
 * so the first message is the one the spec's order puts first.
 */
import { z } from 'zod';
import { ADDRESS_RULE, LOGIN_RULES, PHONE_RULE, PROFILE_RULES } from '../account-rules.ts';
import { PASSWORD_RULE, SIGNUP_RULES } from '../signup-rules.ts';
import { formSchema, textSchema } from './from-rules.ts';

// The server's tests read the messages from here, beside the schemas that give them.
export { MESSAGES } from '../account-rules.ts';

/** Used on their own by leads (phone), orders and saved addresses, and the password tests. */
export const phoneSchema = textSchema(PHONE_RULE);
export const addressSchema = textSchema(ADDRESS_RULE);
export const passwordSchema = textSchema(PASSWORD_RULE);

export const signupSchema = formSchema(SIGNUP_RULES);
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = formSchema(LOGIN_RULES);
export type LoginInput = z.infer<typeof loginSchema>;

export const profileSchema = formSchema(PROFILE_RULES);
export type ProfileInput = z.infer<typeof profileSchema>;

/** The dashboard's log in (its own lazily loaded chunk, so zod there costs shoppers nothing). */
export const adminLoginSchema = z.object({
  username: z.string('Please enter your username').trim().min(1, 'Please enter your username').max(64),
  password: z.string('Please enter your password').min(1, 'Please enter your password').max(128),
});
