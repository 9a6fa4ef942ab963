/**
 * GSTR-1 for the accountant (src/common/api-contract.ts; docs/product.md#the-books-credit-notes-and-gstr-1):
 * a period's summary for the screen, and the return as the offline tool's JSON or one table as CSV.
 * Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { Gstr1Summary, gstr1CsvQuerySchema, gstr1QuerySchema } from './schemas/gstr1.ts';

export const gstr1Api = {
  summary: endpoint<{ reply: Gstr1Summary; query: z.input<typeof gstr1QuerySchema> }>()('GET', '/admin/books/gstr1'),
  json: endpoint<{ reply: FileReply; query: z.input<typeof gstr1QuerySchema> }>()('GET', '/admin/books/gstr1.json'),
  csv: endpoint<{ reply: FileReply; query: z.input<typeof gstr1CsvQuerySchema> }>()('GET', '/admin/books/gstr1.csv'),
} as const;

export function gstr1JsonUrl(period: string): string {
  return fileUrl(gstr1Api.json, {}, { period });
}
export function gstr1CsvUrl(period: string, section: string): string {
  return fileUrl(gstr1Api.csv, {}, { period, section });
}
