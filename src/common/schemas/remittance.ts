/**
 * The courier's COD remittance and the cash still with couriers (docs/product.md "COD
 * remittance"). Amounts are paise: the courier's report may carry them; orders keep rupees.
 */
import { z } from 'zod';
import { columnMappingInput, needsMappingSchema } from './column-mapping.ts';

export const REMITTANCE_OUTCOMES = ['paid', 'short', 'over', 'unknown'] as const;
export type RemittanceOutcome = (typeof REMITTANCE_OUTCOMES)[number];

/** One AWB of the report, matched with its order: expected (the COD balance) against all remitted so far. */
export const remittanceRowSchema = z.object({
  awb: z.string(),
  /** Our order number; null for an AWB no shipment of ours carries. */
  order: z.string().nullable(),
  /** The order reference the courier printed (plain text, at most 60 characters). */
  orderRef: z.string(),
  /** What the courier should remit for the order (its COD balance); null for an unknown AWB. */
  expectedPaise: z.number().int().nullable(),
  /** Everything remitted for this AWB in every report imported so far. */
  remittedPaise: z.number().int(),
  /** The latest remittance's date (YYYY-MM-DD) and its UTR or CRF id. */
  remittedOn: z.string().nullable(),
  reference: z.string(),
  outcome: z.enum(REMITTANCE_OUTCOMES),
});
export type RemittanceRow = z.infer<typeof remittanceRowSchema>;

export const remittanceImportedSchema = z.object({
  kind: z.literal('imported'),
  fileName: z.string(),
  layout: z.string(),
  /** Lines read, and lines new to the shop (0 when the same report is imported again). */
  linesRead: z.number().int(),
  newLines: z.number().int(),
  skipped: z.object({
    total: z.number().int(),
    rows: z.array(z.object({ line: z.number().int(), message: z.string() })),
  }),
  /** The report's AWBs, short, over and unknown first; `total` counts them all. */
  total: z.number().int(),
  rows: z.array(remittanceRowSchema),
});
export type RemittanceImported = z.infer<typeof remittanceImportedSchema>;

/** The report read, or (a layout we do not know) its header to map once, as the bank statement's. */
export const remittanceImportReplySchema = z.discriminatedUnion('kind', [remittanceImportedSchema, needsMappingSchema]);
export type RemittanceImportReply = z.infer<typeof remittanceImportReplySchema>;

/** PUT /admin/books/remittance-layouts: which header of the report holds the AWB, the amount remitted and the rest. */
export const remittanceLayoutInputSchema = columnMappingInput(['awb', 'remitted'], ['orderRef', 'date', 'reference']);
export type RemittanceLayoutInput = z.input<typeof remittanceLayoutInputSchema>;

/** An order that owes the shop its COD cash, for the dashboard's lists. */
export const codOwedSchema = z.object({
  order: z.string(),
  awb: z.string().nullable(),
  courierName: z.string(),
  /** When the parcel was delivered (ISO), as its shipment or the order says. */
  deliveredAt: z.string(),
  expectedPaise: z.number().int(),
  remittedPaise: z.number().int(),
});
export type CodOwed = z.infer<typeof codOwedSchema>;

/** GET /admin/books/cod-cash: what the couriers still hold. */
export const codCashSchema = z.object({
  /** Delivered COD balances not yet remitted in full: the sum owed and how many orders. */
  withCouriersPaise: z.number().int(),
  withCouriersOrders: z.number().int(),
  /** Orders delivered more than LATE_AFTER_DAYS days ago with nothing remitted. */
  lateAfterDays: z.number().int(),
  late: z.object({ total: z.number().int(), rows: z.array(codOwedSchema) }),
  /** Orders remitted less than their balance. */
  short: z.object({ total: z.number().int(), rows: z.array(codOwedSchema) }),
});
export type CodCash = z.infer<typeof codCashSchema>;
