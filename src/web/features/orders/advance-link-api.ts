/** The advance link's calls (src/common/advance-link-api.ts; docs/product.md#the-advance). */
import { advanceLinkApi, advanceLinkQrUrl } from '../../../common/advance-link-api.ts';
import type { AdvanceLinkOrder, AdvanceLinkReply } from '../../../common/schemas/order.ts';
import { call } from '../../lib/api-client.ts';
import type { AdvanceChannel } from './advance-panel.tsx';

export function readAdvanceLink(orderNumber: string, token: string, signal: AbortSignal): Promise<AdvanceLinkReply> {
  return call(advanceLinkApi.page, { params: { orderNumber, token }, signal });
}

/** The link's QR code and UPI reference: the answer replaces the order shown. */
export function advanceLinkChannel(
  orderNumber: string,
  token: string,
  onUpdated: (order: AdvanceLinkOrder) => void,
): AdvanceChannel {
  return {
    qrUrl: advanceLinkQrUrl(orderNumber, token),
    // The page's own address: its form posts there without the script (orders/advance-link-form-route.ts).
    formAction: `/advance/${encodeURIComponent(orderNumber)}/${encodeURIComponent(token)}`,
    send: async (utr) => {
      const { order } = await call(advanceLinkApi.sendAdvance, { params: { orderNumber, token }, body: { utr } });
      onUpdated(order);
    },
    payInFull: async () => {
      const { order } = await call(advanceLinkApi.payInFull, { params: { orderNumber, token } });
      onUpdated(order);
    },
  };
}
