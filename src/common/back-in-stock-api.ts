/**
 * "Notify me" (src/common/api-contract.ts): open to anyone, on an out-of-stock watch.
 * Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { NotifyMeInput, NotifyMeReply } from './schemas/back-in-stock.ts';

export const backInStockApi = {
  /** Puts a phone (WhatsApp) or an email on the watch's list; says so if it already was. */
  request: endpoint<{ reply: NotifyMeReply; body: NotifyMeInput }>()('POST', '/back-in-stock'),
} as const;
