/**
 * The bank statement's answers and the layout mapping (docs/product.md "The books: advances from
 * the bank statement"): the import's result table, and the owner's mapping of a layout we do not
 * know. Amounts are paise, as the bank's line has them.
 */
import { z } from 'zod';
import { columnMappingInput, needsMappingSchema } from './column-mapping.ts';

/** One credit of the statement as the result table shows it. */
export const statementLineSchema = z.object({
  /** The line in the bank's file. */
  line: z.number().int(),
  date: z.string(),
  /** The bank's narration, plain text (control and bidi characters removed), at most 300 characters. */
  narration: z.string(),
  reference: z.string(),
  amountPaise: z.number().int(),
  utr: z.string().nullable(),
  /** The order whose UTR it is, when there is one. */
  order: z.string().nullable(),
  /** That order's own advance in rupees (to compare when the amounts differ). */
  orderAdvance: z.number().nullable(),
  /** Why a credit is listed, in the shop's words (a refused UTR, a second payment, a cancelled order). */
  note: z.string().nullable(),
});
export type StatementLineRow = z.infer<typeof statementLineSchema>;

/** A UTR a shopper typed that no imported statement holds, 2 days or more after it was sent. */
export const missingUtrSchema = z.object({
  order: z.string(),
  utr: z.string(),
  advance: z.number(),
  submittedAt: z.string(),
});
export type MissingUtr = z.infer<typeof missingUtrSchema>;

/** A list of the result table: its first rows and how many there are in all. */
const listOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

export const statementImportedSchema = z.object({
  kind: z.literal('imported'),
  fileName: z.string(),
  layout: z.string(),
  /** Transactions read, credits among them, credits new to the shop (not imported before). */
  linesRead: z.number().int(),
  credits: z.number().int(),
  newCredits: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  skipped: z.object({
    total: z.number().int(),
    rows: z.array(z.object({ line: z.number().int(), message: z.string() })),
  }),
  /** Credits that proved a submitted advance (now received), or an advance already marked received by hand. */
  matched: listOf(statementLineSchema),
  noOrder: listOf(statementLineSchema),
  amountDiffers: listOf(statementLineSchema),
  notInStatement: listOf(missingUtrSchema),
});

export const statementImportReplySchema = z.discriminatedUnion('kind', [statementImportedSchema, needsMappingSchema]);
export type StatementImportReply = z.infer<typeof statementImportReplySchema>;
export type StatementImported = z.infer<typeof statementImportedSchema>;

/** PUT /admin/books/statement-layouts: which header of the row holds what. */
export const statementLayoutInputSchema = columnMappingInput(['date', 'narration', 'credit'], ['reference', 'drCr']);
export type StatementLayoutInput = z.input<typeof statementLayoutInputSchema>;
