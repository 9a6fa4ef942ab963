/**
 * The courier's COD remittance (src/common/api-contract.ts; docs/product.md "COD remittance"). The
 * import's body is multipart (field "remittance", one CSV file), sent by the browser as FormData;
 * the contract types its reply only. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { CodCash, RemittanceImportReply, remittanceLayoutInputSchema } from './schemas/remittance.ts';

export const remittanceApi = {
  /** Reads the report, keeps its new lines, and answers each AWB matched with its order, or the header to map. */
  import: endpoint<{ reply: RemittanceImportReply }>()('POST', '/admin/books/remittances'),
  /** Remembers the owner's mapping of a report layout we do not know (by its header row). */
  saveLayout: endpoint<{ reply: undefined; body: z.input<typeof remittanceLayoutInputSchema> }>()(
    'PUT',
    '/admin/books/remittance-layouts',
    204,
  ),
  /** Cash still with couriers, late remittances and short payments. */
  codCash: endpoint<{ reply: CodCash }>()('GET', '/admin/books/cod-cash'),
} as const;
