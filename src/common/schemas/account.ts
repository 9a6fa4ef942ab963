/**
 * Account rules of SPEC §5, written once with their exact messages. The forms
 * and the server both validate with these schemas; zod reports issues in key
 * order, so the first message is the one the spec's order puts first.
 */
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../common-passwords.ts';
import { ADDRESS_MIN, NAME_MIN, PASSWORD_MIN, PHONE_LENGTH } from '../constants.ts';

export const MESSAGES = {
  name: 'Please enter your name!',
  phone: 'Please provide a valid phone number',
  email: 'Please provide a valid email address',
  address: 'Please provide a valid address',
  password: `Your password should contain at least ${PASSWORD_MIN} characters`,
} as const;

export const nameSchema = z.string(MESSAGES.name).trim().min(NAME_MIN, MESSAGES.name).max(100, 'Your name is too long');
export const phoneSchema = z
  .string(MESSAGES.phone)
  .trim()
  .regex(new RegExp(`^[0-9]{${PHONE_LENGTH}}$`), MESSAGES.phone);
/** SPEC §5: non-empty with "@" and "."; we also insist on something either side of "@". */
export const emailSchema = z
  .string(MESSAGES.email)
  .trim()
  .max(254, MESSAGES.email)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.email);
export const addressSchema = z
  .string(MESSAGES.address)
  .trim()
  .min(ADDRESS_MIN, MESSAGES.address)
  .max(300, 'This address is too long');
/** The length rule alone: what log in checks, so an account made before the list still logs in. */
export const loginPasswordSchema = z
  .string(MESSAGES.password)
  .min(PASSWORD_MIN, MESSAGES.password)
  .max(128, 'Your password should be at most 128 characters');
/** A new password (sign-up, checkout): the length rule, and not one of the most common passwords. */
export const passwordSchema = loginPasswordSchema.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

export const signupSchema = z.object({
  name: nameSchema,
  number: phoneSchema,
  email: emailSchema,
  address: addressSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  number: phoneSchema,
  password: loginPasswordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileSchema = z.object({
  name: nameSchema,
  number: phoneSchema,
  email: emailSchema,
  addresses: z
    .array(addressSchema, MESSAGES.address)
    .min(1, 'Keep at least one address')
    .max(20, 'At most 20 addresses'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const adminLoginSchema = z.object({
  username: z.string('Please enter your username').trim().min(1, 'Please enter your username').max(64),
  password: z.string('Please enter your password').min(1, 'Please enter your password').max(128),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/**
 * Checkout address form (DESIGN.md 11): every field filled, pincode six digits
 * not starting with 0. Composed into the spec's one-line address.
 */
export const addressFormSchema = z.object({
  room: z
    .string('Please enter your room or house number')
    .trim()
    .min(1, 'Please enter your room or house number')
    .max(60),
  building: z.string('Please enter your building name').trim().min(1, 'Please enter your building name').max(100),
  landmark: z.string('Please enter a landmark').trim().min(1, 'Please enter a landmark').max(100),
  city: z.string('Please enter your city').trim().min(1, 'Please enter your city').max(60),
  pincode: z
    .string('Please enter a valid 6-digit pincode')
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6-digit pincode'),
  state: z.string('Please enter your state').trim().min(1, 'Please enter your state').max(60),
});
export type AddressForm = z.infer<typeof addressFormSchema>;

/** SPEC §3 address format: 'room, building, near landmark, city - pincode, state'. */
export function composeAddress(a: AddressForm): string {
  return `${a.room}, ${a.building}, near ${a.landmark}, ${a.city} - ${a.pincode}, ${a.state}`;
}
