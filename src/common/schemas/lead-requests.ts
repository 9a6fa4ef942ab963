/**
 * The leads API's own request and reply shapes, beside the leads' records in lead.ts: the
 * admin list's query, what adding a lead answers, and the storefront's chat click.
 */
import { z } from 'zod';
import { LEAD_TABS } from './lead.ts';

const TABS = LEAD_TABS.map((t) => t.platform) as ['all', 'amazon', 'whatsapp', 'website'];

/** GET /admin/leads: one tab, a page at a time. */
export const leadListQuerySchema = z.object({
  platform: z.enum(TABS, 'Unknown lead tab').default('all'),
  page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
});

export const leadAddedSchema = z.object({ ok: z.literal(true) });
export type LeadAdded = z.infer<typeof leadAddedSchema>;

/** POST /leads/whatsapp-click: the watch whose BUY NOW chat link was clicked. */
export const whatsappClickSchema = z.object({
  productId: z.string('Unknown product').min(1, 'Unknown product').max(40, 'Unknown product'),
});
export type WhatsappClick = z.infer<typeof whatsappClickSchema>;
