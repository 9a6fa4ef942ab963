/** The doubtful address's shapes (common/address-check.ts): the owner's mark and the shopper's link page. */
import { z } from 'zod';
import { ADDRESS_DOUBT_RULES, ADDRESS_LINK_MESSAGE } from '../address-check.ts';
import { addressSchema } from './account.ts';
import { textSchema } from './from-rules.ts';

/** The owner's mark: what is unclear (the shopper reads it on the link's page). */
export const addressDoubtSchema = z.object({ note: textSchema(ADDRESS_DOUBT_RULES.note) });
export type AddressDoubtInput = z.infer<typeof addressDoubtSchema>;

/** The shopper's corrected address: one line, composed from the checkout's parts by the page. */
export const addressFixSchema = z.object({ address: addressSchema });
export type AddressFixInput = z.infer<typeof addressFixSchema>;

export const addressCheckReplySchema = z.object({
  order: z.object({
    number: z.string(),
    address: z.string(),
    /** The address is still marked doubtful: the form is shown. */
    doubtful: z.boolean(),
    /** The owner's note of what is unclear. */
    note: z.string().nullable(),
    /** When the shopper corrected it through the link; null before. */
    correctedAt: z.string().nullable(),
  }),
});
export type AddressCheckReply = z.infer<typeof addressCheckReplySchema>;

/** The link's order number and token: a wrong one is the same 404 as an unknown or closed order. */
export const addressLinkParamsSchema = z.object({
  orderNumber: z.string(ADDRESS_LINK_MESSAGE).max(40, ADDRESS_LINK_MESSAGE),
  token: z.string(ADDRESS_LINK_MESSAGE).max(64, ADDRESS_LINK_MESSAGE),
});
