/**
 * Money at a glance (src/common/api-contract.ts; docs/product.md "Money at a glance"): a date
 * range's figures for the screen, and the same as CSV for the accountant. Types only: zod stays
 * out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { MoneyGlance, moneyQuerySchema } from './schemas/money.ts';

export const moneyApi = {
  glance: endpoint<{ reply: MoneyGlance; query: z.input<typeof moneyQuerySchema> }>()('GET', '/admin/books/money'),
  csv: endpoint<{ reply: FileReply; query: z.input<typeof moneyQuerySchema> }>()('GET', '/admin/books/money.csv'),
} as const;

export function moneyCsvUrl(from: string, to: string): string {
  return fileUrl(moneyApi.csv, {}, { from, to });
}
