/**
 * The advance link's endpoints (src/common/api-contract.ts; docs/product.md#the-advance): the page
 * the order's WhatsApp message and mail link to, /advance/<order>/<token>, no log-in. Its order's
 * advance, the UPI QR code, and the UPI reference (the same rules and limits as the logged-in
 * shopper's, decision 051). Types only: zod stays out of the bundle.
 */
import { endpoint, type FileReply, fileUrl } from './api-contract.ts';
import type { AdvanceLinkReply, AdvancePaymentInput } from './schemas/order.ts';

export const advanceLinkApi = {
  /** The order's number, state and advance (amount, on delivery, UPI link). */
  page: endpoint<{ reply: AdvanceLinkReply }>()('GET', '/advance-link/:orderNumber/:token'),
  /** The UPI reference (UTR) of the advance paid. */
  sendAdvance: endpoint<{ reply: AdvanceLinkReply; body: AdvancePaymentInput }>()(
    'POST',
    '/advance-link/:orderNumber/:token',
  ),
  /** Pay the whole order now instead of the advance (common/pay-in-full.ts), while nothing is paid. */
  payInFull: endpoint<{ reply: AdvanceLinkReply }>()('POST', '/advance-link/:orderNumber/:token/pay-in-full'),
  /** The QR code of the advance's UPI link. */
  qr: endpoint<{ reply: FileReply }>()('GET', '/advance-link/:orderNumber/:token/qr.svg'),
} as const;

export function advanceLinkQrUrl(orderNumber: string, token: string): string {
  return fileUrl(advanceLinkApi.qr, { orderNumber, token });
}
