/**
 * The complaints' endpoints (src/common/api-contract.ts): the contact page's complaint form,
 * open to anyone, and the owner's grievance desk. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type {
  AnswerComplaintInput,
  AnsweredComplaint,
  ComplaintCreated,
  ComplaintInput,
  ComplaintPage,
  complaintListQuerySchema,
} from './schemas/complaint.ts';

export const complaintApi = {
  /** Files a complaint; answers its ticket number. */
  file: endpoint<{ reply: ComplaintCreated; body: ComplaintInput }>()('POST', '/complaints', 201),

  /** Open ones oldest first, answered or all, 40 a page, with the open and overdue counts. */
  list: endpoint<{ reply: ComplaintPage; query: z.input<typeof complaintListQuerySchema> }>()(
    'GET',
    '/admin/complaints',
  ),
  /** Marks one answered, with an optional note. */
  answer: endpoint<{ reply: AnsweredComplaint; body: AnswerComplaintInput }>()(
    'POST',
    '/admin/complaints/:ticket/answer',
  ),
} as const;
