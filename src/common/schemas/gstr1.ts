/** GSTR-1 for a month or quarter (docs/product.md#the-books-credit-notes-and-gstr-1): what the owner picks and reads. */
import { z } from 'zod';

export const GSTR1_PERIOD_MESSAGE = 'Choose a month (2026-05) or a quarter of the financial year (2026-27-Q1).';
export const GSTR1_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$|^(\d{4})-(\d{2})-Q([1-4])$/;
export const GSTR1_SECTIONS = ['b2cs', 'b2cl', 'b2b', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;

export const gstr1QuerySchema = z.object({
  period: z.string(GSTR1_PERIOD_MESSAGE).regex(GSTR1_PERIOD_PATTERN, GSTR1_PERIOD_MESSAGE),
});
export const gstr1CsvQuerySchema = gstr1QuerySchema.extend({ section: z.enum(GSTR1_SECTIONS) });

const amounts = {
  /** Paise. */
  value: z.number().int(),
  taxable: z.number().int(),
  igst: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
};

export const gstr1SummarySchema = z.object({
  period: z.object({ key: z.string(), label: z.string(), fp: z.string() }),
  gstin: z.string(),
  /** One row per table, net of credit notes where the portal nets them (B2CS). */
  tables: z.array(z.object({ table: z.string(), title: z.string(), rows: z.number().int(), ...amounts })),
  invoices: z.object({ count: z.number().int(), ...amounts }),
  creditNotes: z.object({ count: z.number().int(), ...amounts }),
  docs: z.array(
    z.object({
      nature: z.string(),
      from: z.string(),
      to: z.string(),
      total: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
});
export type Gstr1Summary = z.infer<typeof gstr1SummarySchema>;
