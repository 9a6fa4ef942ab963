/**
 * Credit notes and the owner's signature (src/common/api-contract.ts;
 * docs/product.md#the-books-credit-notes-and-gstr-1): the credit note's PDF for the shopper (their own
 * order) and the owner, and the signature printed on invoices and credit notes.
 * Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { SignatureReply, signatureInputSchema } from './schemas/signature.ts';

export const creditNoteApi = {
  creditNote: endpoint<{ reply: FileReply }>()('GET', '/orders/:orderNumber/credit-note.pdf'),
  adminCreditNote: endpoint<{ reply: FileReply }>()('GET', '/admin/orders/:orderNumber/credit-note.pdf'),
  signature: endpoint<{ reply: SignatureReply }>()('GET', '/admin/books/signature'),
  setSignature: endpoint<{ reply: SignatureReply; body: z.input<typeof signatureInputSchema> }>()(
    'PUT',
    '/admin/books/signature',
  ),
} as const;

/** The shopper's own credit note as a PDF (a full URL path, for a link). */
export function creditNoteUrl(orderNumber: string): string {
  return fileUrl(creditNoteApi.creditNote, { orderNumber });
}
export function adminCreditNoteUrl(orderNumber: string): string {
  return fileUrl(creditNoteApi.adminCreditNote, { orderNumber });
}
