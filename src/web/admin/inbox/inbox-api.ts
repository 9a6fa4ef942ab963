/** The dashboard's inbox calls (issue 37; src/common/inbox-api.ts). */
import { fileUrl } from '../../../common/api-contract.ts';
import { inboxApi } from '../../../common/inbox-api.ts';
import type { InboxList, InboxReply, Thread } from '../../../common/schemas/inbox.ts';
import { call } from '../../lib/api-client.ts';

export function listConversations(q: string, signal: AbortSignal): Promise<InboxList> {
  return call(inboxApi.list, { query: q ? { q } : {}, signal });
}

export function readThread(phone: string, signal: AbortSignal): Promise<Thread> {
  return call(inboxApi.thread, { params: { phone }, signal });
}

export function sendReply(phone: string, text: string): Promise<InboxReply> {
  return call(inboxApi.reply, { params: { phone }, body: { text } });
}

export function markReplying(phone: string): Promise<Thread> {
  return call(inboxApi.replying, { params: { phone } });
}

export function markDone(phone: string): Promise<Thread> {
  return call(inboxApi.done, { params: { phone } });
}

export function mediaUrl(messageId: string): string {
  return fileUrl(inboxApi.media, { messageId });
}
