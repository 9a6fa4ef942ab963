/**
 * COD RULES (src/common/api-contract.ts; docs/product.md "Cash on delivery"): the rule set in force,
 * saving a new one, and the report per tier and holdout, on screen and as CSV. Types only: zod
 * stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { CodRulesReply, CodRulesReport, codRulesSchema } from './schemas/cod-rules.ts';
import type { moneyQuerySchema } from './schemas/money.ts';

export const codRulesApi = {
  rules: endpoint<{ reply: CodRulesReply }>()('GET', '/admin/cod-rules'),
  save: endpoint<{ reply: CodRulesReply; body: z.input<typeof codRulesSchema> }>()('PUT', '/admin/cod-rules'),
  report: endpoint<{ reply: CodRulesReport; query: z.input<typeof moneyQuerySchema> }>()(
    'GET',
    '/admin/cod-rules/report',
  ),
  csv: endpoint<{ reply: FileReply; query: z.input<typeof moneyQuerySchema> }>()('GET', '/admin/cod-rules/report.csv'),
} as const;

export function codRulesCsvUrl(from: string, to: string): string {
  return fileUrl(codRulesApi.csv, {}, { from, to });
}
