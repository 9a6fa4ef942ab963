/**
 * The courier's COD remittance (src/common/api-contract.ts; docs/product.md "COD remittance"). The
 * import's body is multipart (field "remittance", one CSV file), sent by the browser as FormData;
 * the contract types its reply only. Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { CodCash, RemittanceImportReply } from './schemas/remittance.ts';

export const remittanceApi = {
  /** Reads the report, keeps its new lines, and answers each AWB matched with its order. */
  import: endpoint<{ reply: RemittanceImportReply }>()('POST', '/admin/books/remittances'),
  /** Cash still with couriers, late remittances and short payments. */
  codCash: endpoint<{ reply: CodCash }>()('GET', '/admin/books/cod-cash'),
} as const;
