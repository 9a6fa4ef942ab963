/**
 * The bank statement's endpoints (src/common/api-contract.ts; docs/product.md "The books: advances
 * from the bank statement"). The import's body is multipart (field "statement", one CSV file),
 * sent by the browser as FormData through `call`'s fetch; the contract types its reply only.
 * Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { StatementImportReply, statementLayoutInputSchema } from './schemas/statement.ts';

export const statementApi = {
  /** Reads the statement, marks the advances it proves received, and answers the result table. */
  import: endpoint<{ reply: StatementImportReply }>()('POST', '/admin/books/statements'),
  /** Remembers the owner's mapping of a layout we do not know (by its header row). */
  saveLayout: endpoint<{ reply: undefined; body: z.input<typeof statementLayoutInputSchema> }>()(
    'PUT',
    '/admin/books/statement-layouts',
    204,
  ),
} as const;
