/** The complaint form's request and answer, and the owner's complaints list (docs/product.md#contact). */
import { z } from 'zod';
import { ANSWER_NOTE_MAX, COMPLAINT_RULES, TICKET_PATTERN } from '../complaint-rules.ts';
import { formSchema, plainText, textSchema } from './from-rules.ts';

/** The order number may be left out; the other fields keep the form's order (and so its first message). */
export const complaintRequestSchema = formSchema(COMPLAINT_RULES).extend({
  orderNumber: textSchema(COMPLAINT_RULES.orderNumber).default(''),
});
export type ComplaintInput = z.input<typeof complaintRequestSchema>;

export const complaintCreatedSchema = z.object({ ticket: z.string(), createdAt: z.string() });
export type ComplaintCreated = z.infer<typeof complaintCreatedSchema>;

export const COMPLAINT_VIEWS = ['open', 'answered', 'all'] as const;
export type ComplaintView = (typeof COMPLAINT_VIEWS)[number];

export const complaintListQuerySchema = z.object({
  view: z.enum(COMPLAINT_VIEWS, 'Please choose open, answered or all').default('open'),
  page: z.coerce.number('Please give a page number').int().min(1).max(100_000).default(1),
});

export const ticketParamsSchema = z.object({
  ticket: z.string().regex(TICKET_PATTERN, 'We could not find this complaint'),
});

export const answerComplaintSchema = z.object({
  // Mailed to the shopper: line breaks kept, other control characters refused (text.ts).
  note: plainText(z.string('The note must be text').trim(), 'lines')
    .max(ANSWER_NOTE_MAX, `Please keep the note under ${ANSWER_NOTE_MAX} characters`)
    .default(''),
});
export type AnswerComplaintInput = z.input<typeof answerComplaintSchema>;

export const adminComplaintSchema = z.object({
  ticket: z.string(),
  name: z.string(),
  phone: z.string(),
  orderNumber: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** Open and older than 48 hours. */
  overdue: z.boolean(),
  answeredAt: z.string().nullable(),
  /** The admin's username. */
  answeredBy: z.string().nullable(),
  answerNote: z.string().nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

/** What marking one answered answers: the complaint as it now is. */
export const answeredComplaintSchema = z.object({ complaint: adminComplaintSchema });
export type AnsweredComplaint = z.infer<typeof answeredComplaintSchema>;

export const complaintPageSchema = z.object({
  items: z.array(adminComplaintSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  openCount: z.number().int(),
  overdueCount: z.number().int(),
});
export type ComplaintPage = z.infer<typeof complaintPageSchema>;
