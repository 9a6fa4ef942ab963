/**
 * The accounts' endpoints (src/common/api-contract.ts): sign up, log in and out, who is logged
 * in, the shopper's profile and account rights, password links, and the owner's shopper lookup.
 * Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { profileSchema } from './schemas/account.ts';
import type {
  DataExport,
  deleteAccountRequestSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  ResetLink,
  ResetLinkInfo,
  ShopperList,
  shopperLookupQuerySchema,
} from './schemas/account-rights.ts';
import type {
  addAddressSchema,
  loginRequestSchema,
  SessionData,
  signupRequestSchema,
  UserResponse,
} from './schemas/session.ts';

export const accountApi = {
  /** Makes a shopper account and logs in, merging the visitor's cart. */
  signup: endpoint<{ reply: UserResponse; body: z.input<typeof signupRequestSchema> }>()('POST', '/signup', 201),
  login: endpoint<{ reply: UserResponse; body: z.input<typeof loginRequestSchema> }>()('POST', '/login'),
  logout: endpoint()('POST', '/logout', 204),
  /** The shopper (or null) and whether an admin session exists. */
  session: endpoint<{ reply: SessionData }>()('GET', '/session'),

  profile: endpoint<{ reply: UserResponse }>()('GET', '/profile'),
  updateProfile: endpoint<{ reply: UserResponse; body: z.input<typeof profileSchema> }>()('PUT', '/profile'),
  addAddress: endpoint<{ reply: UserResponse; body: z.input<typeof addAddressSchema> }>()('POST', '/profile/addresses'),

  changePassword: endpoint<{ reply: undefined; body: z.input<typeof passwordChangeRequestSchema> }>()(
    'PUT',
    '/account/password',
    204,
  ),
  exportData: endpoint<{ reply: DataExport }>()('GET', '/account/export'),
  deleteAccount: endpoint<{ reply: undefined; body: z.input<typeof deleteAccountRequestSchema> }>()(
    'POST',
    '/account/delete',
    204,
  ),

  /** Whether a one-time password link works, and for which (masked) number. */
  resetLink: endpoint<{ reply: ResetLinkInfo }>()('GET', '/password-resets/:token'),
  useResetLink: endpoint<{ reply: undefined; body: z.input<typeof passwordResetRequestSchema> }>()(
    'POST',
    '/password-resets/:token',
    204,
  ),

  /** The owner's lookup of shoppers by the start of their number. */
  findShoppers: endpoint<{ reply: ShopperList; query: z.input<typeof shopperLookupQuerySchema> }>()(
    'GET',
    '/admin/shoppers',
  ),
  makeResetLink: endpoint<{ reply: ResetLink }>()('POST', '/admin/shoppers/:id/reset-link', 201),
} as const;
