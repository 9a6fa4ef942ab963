/**
 * The leads' endpoints (src/common/api-contract.ts): the storefront's chat click, open to
 * anyone, and the owner's list, hand entry and CSV import. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint, type FileReply } from './api-contract.ts';
import type {
  LeadAdded,
  LeadFollowedUp,
  LeadImportResult,
  LeadPage,
  leadFilterSchema,
  leadFollowUpSchema,
  leadImportSchema,
  leadInputSchema,
  leadListQuerySchema,
  WhatsappClick,
} from './schemas/lead.ts';

export const leadApi = {
  /** Records a BUY NOW chat click as a WhatsApp lead (once per visitor and watch in 10 minutes). */
  whatsappClick: endpoint<{ reply: undefined; body: WhatsappClick }>()('POST', '/leads/whatsapp-click', 204),

  list: endpoint<{ reply: LeadPage; query: z.input<typeof leadListQuerySchema> }>()('GET', '/admin/leads'),
  /** The leads of the list's filters as CSV, newest first. */
  exportCsv: endpoint<{ reply: FileReply; query: z.input<typeof leadFilterSchema> }>()(
    'GET',
    '/admin/leads/export.csv',
  ),
  /** Ticks (or unticks) a lead as followed up; answers when. */
  setFollowedUp: endpoint<{ reply: LeadFollowedUp; body: z.input<typeof leadFollowUpSchema> }>()(
    'PUT',
    '/admin/leads/:id/followed-up',
  ),
  /** An Amazon or WhatsApp order entered by hand. */
  add: endpoint<{ reply: LeadAdded; body: z.input<typeof leadInputSchema> }>()('POST', '/admin/leads', 201),
  import: endpoint<{ reply: LeadImportResult; body: z.input<typeof leadImportSchema> }>()(
    'POST',
    '/admin/leads/import',
  ),
} as const;
