/**
 * The WhatsApp inbox's endpoints (src/common/api-contract.ts; issue 37, docs/whatsapp.md#the-inbox),
 * all for an admin. Types only: zod stays out of the bundle.
 */
import { endpoint, type FileReply } from './api-contract.ts';
import type { InboxList, InboxReply, InboxReplyInput, Thread } from './schemas/inbox.ts';

export const inboxApi = {
  /** Conversations newest first; `q` finds a phone, an order number or a name. */
  list: endpoint<{ reply: InboxList; query: { q?: string } }>()('GET', '/admin/inbox'),
  /** One conversation beside its orders' facts; opening it marks it read. */
  thread: endpoint<{ reply: Thread }>()('GET', '/admin/inbox/:phone'),
  /** The owner's answer: free text inside the 24-hour window, else the inbox_reply template. */
  reply: endpoint<{ reply: InboxReply; body: InboxReplyInput }>()('POST', '/admin/inbox/:phone/reply'),
  /** "I am replying": shown to the other admins for a few minutes. */
  replying: endpoint<{ reply: Thread }>()('POST', '/admin/inbox/:phone/replying'),
  /** Marked done (by either admin): nothing waits any more. */
  done: endpoint<{ reply: Thread }>()('POST', '/admin/inbox/:phone/done'),
  /** A photo, voice note or document the shopper sent, as the store kept it. */
  media: endpoint<{ reply: FileReply }>()('GET', '/admin/inbox-media/:messageId'),
} as const;
