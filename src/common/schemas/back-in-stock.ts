import { z } from 'zod';
import { NOTIFY_RULES } from '../back-in-stock-rules.ts';
import { formSchema } from './from-rules.ts';
import { proofLinkSchema } from './whatsapp.ts';

/** POST /back-in-stock: "Notify me" on an out-of-stock watch (docs/product.md#back-in-stock). */
export const notifyMeRequestSchema = formSchema(NOTIFY_RULES).extend({
  productId: z.string('Please choose a watch').min(1, 'Please choose a watch').max(40, 'Please choose a watch'),
  /** The unticked box: one WhatsApp message about this watch (needed for a phone number). */
  whatsapp: z.boolean('Please tick the box or leave it empty').default(false),
});
export type NotifyMeInput = z.input<typeof notifyMeRequestSchema>;

export const notifyMeReplySchema = z.object({
  /** added: on the list now; already: this person was already waiting for this watch. */
  status: z.enum(['added', 'already']),
  message: z.string(),
  /** A phone not proven yet: the link whose code, sent from that phone, lets the message go. */
  proof: proofLinkSchema.optional(),
});
export type NotifyMeReply = z.infer<typeof notifyMeReplySchema>;
