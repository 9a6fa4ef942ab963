/**
 * Leads (docs/product.md#entities, #better-14): orders taken on other platforms (Amazon,
 * WhatsApp) and shoppers' current website carts, read together by the admin; and the leads
 * API's requests and answers: the admin list's query, hand entry, CSV import and the
 * storefront's chat click.
 */
import { z } from 'zod';
import { phoneSchema } from './account.ts';
import { plainText } from './from-rules.ts';

/** Platforms an admin can record a lead for; website carts are read, never entered. */
export const LEAD_PLATFORMS = ['amazon', 'whatsapp'] as const;
export const LEAD_TABS = [
  { label: 'All', platform: 'all' },
  { label: 'Amazon', platform: 'amazon' },
  { label: 'Whatsapp', platform: 'whatsapp' },
  { label: 'Our Website', platform: 'website' },
] as const;
export type LeadTab = (typeof LEAD_TABS)[number]['platform'];
const TABS = LEAD_TABS.map((t) => t.platform) as ['all', 'amazon', 'whatsapp', 'website'];

/** The Leads filter on follow-up: every lead, only those followed up, or only those not yet. */
export const LEAD_FOLLOW_UP_FILTERS = [
  { label: 'Any follow-up', value: 'all' },
  { label: 'Followed up', value: 'yes' },
  { label: 'Not followed up', value: 'no' },
] as const;
export type LeadFollowUpFilter = (typeof LEAD_FOLLOW_UP_FILTERS)[number]['value'];
const FOLLOW_UPS = LEAD_FOLLOW_UP_FILTERS.map((f) => f.value) as ['all', 'yes', 'no'];

/** The list's filters, shared by the page and the CSV export. */
export const leadFilterSchema = z.object({
  platform: z.enum(TABS, 'Unknown lead tab').default('all'),
  followedUp: z.enum(FOLLOW_UPS, 'The follow-up filter must be all, yes or no').default('all'),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** GET /admin/leads: one tab, a page at a time. */
export const leadListQuerySchema = leadFilterSchema.extend({
  page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
});

export const leadInputSchema = z.object({
  platform: z.enum(LEAD_PLATFORMS, 'The platform must be amazon or whatsapp'),
  // Names reach the dashboard, the CSV and mail: plain text, as a shopper's (text.ts).
  customer: plainText(z.string('Please enter the customer').trim(), 'line')
    .min(1, 'Please enter the customer')
    .max(100, 'The customer is too long'),
  phone: z.union([z.literal(''), phoneSchema]).default(''),
  productId: z.string().trim().max(40).default(''),
  productName: plainText(z.string('Please enter the product name').trim(), 'line')
    .min(1, 'Please enter the product name')
    .max(200, 'The product name is too long'),
  quantity: z.coerce
    .number('The quantity must be a number')
    .int('The quantity must be a whole number')
    .min(1, 'The quantity must be at least 1')
    .max(1000, 'The quantity must be at most 1000'),
  /** When the order was placed on the platform; empty means now. */
  date: z
    .string()
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'The date must look like 2025-01-31 or 2025-01-31T14:30')
    .default(''),
});
export type LeadInput = z.infer<typeof leadInputSchema>;

/** What adding a lead by hand answers. */
export const leadAddedSchema = z.object({ ok: z.literal(true) });
export type LeadAdded = z.infer<typeof leadAddedSchema>;

export const leadSchema = z.object({
  id: z.string(),
  platform: z.enum(['amazon', 'whatsapp', 'website']),
  customer: z.string(),
  phone: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  date: z.string(),
  /** When an admin marked it followed up; null: not yet. */
  followedUpAt: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const LEAD_PAGE_SIZE = 40;

export const leadPageSchema = z.object({
  items: z.array(leadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

/** CSV import: the header names the columns; rows with errors are listed by line. */
export const LEAD_CSV_COLUMNS = [
  'platform',
  'customer',
  'phone',
  'productId',
  'productName',
  'quantity',
  'date',
] as const;
export const leadImportSchema = z.object({
  csv: z.string('Please choose a CSV file').min(1, 'The CSV file is empty').max(2_000_000, 'The CSV file is too large'),
  /** Import the good rows even when some rows have errors. */
  skipBadRows: z.boolean().default(false),
});
export const leadImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;

/**
 * PUT /admin/leads/:id/followed-up: tick or untick. A website lead's id is its shopper's and
 * watch's ids joined by ':' (leads/queries.ts).
 */
export const leadIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-z]{20}(:[0-9a-z]{20})?$/, 'Unknown lead'),
});
export const leadFollowUpSchema = z.object({
  followedUp: z.boolean('followedUp must be true or false'),
});
export const leadFollowedUpSchema = z.object({ followedUpAt: z.string().nullable() });
export type LeadFollowedUp = z.infer<typeof leadFollowedUpSchema>;

/** POST /leads/whatsapp-click: the watch whose BUY NOW chat link was clicked. */
export const whatsappClickSchema = z.object({
  productId: z.string('Unknown product').min(1, 'Unknown product').max(40, 'Unknown product'),
});
export type WhatsappClick = z.infer<typeof whatsappClickSchema>;
