/** The owner's signature on invoices and credit notes (docs/product.md#the-books-credit-notes-and-gstr-1). */
import { z } from 'zod';
import { IMAGE_ID_PATTERN } from '../media.ts';

export const SIGNATURE_UNKNOWN_IMAGE = 'Upload the signature picture first, then save it.';

/** An uploaded picture's id (the upload's answer), or null to print the electronic-invoice words instead. */
export const signatureInputSchema = z.object({
  imageId: z.string().regex(IMAGE_ID_PATTERN, SIGNATURE_UNKNOWN_IMAGE).nullable(),
});

export const signatureReplySchema = z.object({ imageId: z.string().nullable() });
export type SignatureReply = z.infer<typeof signatureReplySchema>;
