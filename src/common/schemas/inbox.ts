/**
 * The WhatsApp inbox's shapes (issue 37; docs/whatsapp.md#the-inbox): conversations, a thread
 * beside its orders' facts, and the owner's reply. Every text here is shown as text, never markup.
 */
import { z } from 'zod';

export const INBOX_PHONE_MESSAGE = 'No such conversation.';
export const REPLY_TEXT_MAX = 4096;
/** A template's parameter (the reply after the window) is one line; Meta caps the body at 1,024. */
export const TEMPLATE_REPLY_MAX = 700;
export const REPLY_EMPTY_MESSAGE = 'Please write a reply.';
export const REPLY_TOO_LONG_MESSAGE = `A reply can be at most ${REPLY_TEXT_MAX} characters.`;

export const inboxPhoneParamsSchema = z.object({
  phone: z.string(INBOX_PHONE_MESSAGE).regex(/^[0-9]{6,20}$/, INBOX_PHONE_MESSAGE),
});

export const inboxMediaParamsSchema = z.object({
  messageId: z.string('No such file.').regex(/^[A-Za-z0-9_-]{1,64}$/, 'No such file.'),
});

export const inboxListQuerySchema = z.object({
  /** A phone (its digits), an order number, or a name. */
  q: z.string().max(80, 'Search with at most 80 characters.').optional(),
});

export const conversationSummarySchema = z.object({
  phone: z.string(),
  /** The account's name, else the WhatsApp profile name, else null. */
  name: z.string().nullable(),
  lastAt: z.string(),
  unread: z.number().int(),
  /** The oldest unanswered message's time; null when nothing waits. */
  waitingSince: z.string().nullable(),
  done: z.boolean(),
  /** The latest message's start, as text. */
  preview: z.string(),
  /** Who opened the reply box in the last minutes, if anyone. */
  replying: z.string().nullable(),
  /** The shopper cancelled an order with WhatsApp's button since the conversation was last done. */
  cancelled: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  waiting: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const threadItemSchema = z.object({
  id: z.string(),
  /** in: the shopper's; out: the owner's reply; store: a message the store sent; event: what happened. */
  direction: z.enum(['in', 'out', 'store', 'event']),
  type: z.string(),
  body: z.string(),
  /** A second line of plain words: a file's name, a place's coordinates, "voice note". */
  extra: z.string().nullable(),
  at: z.string(),
  admin: z.string().nullable(),
  /** Meta's status of an outgoing message: queued, accepted, sent, delivered, read, failed. */
  status: z.string().nullable(),
  statusError: z.string().nullable(),
  media: z
    .object({
      state: z.enum(['pending', 'stored', 'refused']),
      type: z.string().nullable(),
      size: z.number().int().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  orderNumber: z.string().nullable(),
});
export type ThreadItem = z.infer<typeof threadItemSchema>;

export const threadOrderSchema = z.object({
  number: z.string(),
  status: z.string(),
  createdAt: z.string(),
  total: z.number(),
  advanceState: z.string(),
  /** From the one rule (common/advance.ts codMoney), in rupees. */
  advance: z.number(),
  advanceReceived: z.number(),
  dueNow: z.number(),
  onDelivery: z.number(),
  parcel: z
    .object({
      courierName: z.string(),
      awb: z.string().nullable(),
      step: z.string(),
      scanText: z.string().nullable(),
      scanLocation: z.string().nullable(),
      scanAt: z.string().nullable(),
    })
    .nullable(),
});
export type ThreadOrder = z.infer<typeof threadOrderSchema>;

export const threadSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  profileName: z.string().nullable(),
  hasAccount: z.boolean(),
  waitingSince: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  replying: z.string().nullable(),
  /** WhatsApp's customer service window: free text until closesAt (24 hours after the shopper's last message). */
  window: z.object({ open: z.boolean(), lastInboundAt: z.string().nullable(), closesAt: z.string().nullable() }),
  items: z.array(threadItemSchema),
  /** Newest first: the open ones and the earlier ones (returns among them). */
  orders: z.array(threadOrderSchema),
  quickAnswers: z.array(z.object({ label: z.string(), text: z.string() })),
});
export type Thread = z.infer<typeof threadSchema>;

export const inboxReplyInputSchema = z.object({
  text: z.string(REPLY_EMPTY_MESSAGE).trim().min(1, REPLY_EMPTY_MESSAGE).max(REPLY_TEXT_MAX, REPLY_TOO_LONG_MESSAGE),
});
export type InboxReplyInput = z.input<typeof inboxReplyInputSchema>;

export const inboxReplySchema = z.object({
  /** text: free text inside the window; template: the inbox_reply template after it. */
  sentAs: z.enum(['text', 'template']),
  thread: threadSchema,
});
export type InboxReply = z.infer<typeof inboxReplySchema>;
