/** Placing the order: the server cart, a delivery address and this attempt's idempotency key. */
import type { BusinessBuyer } from '../../../../common/business-buyer-rules.ts';
import { orderApi } from '../../../../common/order-api.ts';
import type { OrderReply } from '../../../../common/schemas/order.ts';
import { call } from '../../../lib/api-client.ts';

/**
 * `whatsappUpdates`: the shopper ticked "Send my order updates on WhatsApp" (docs/whatsapp.md#consent);
 * `business`: a business buyer's GSTIN and name, sent only when given (common/business-buyer-rules.ts).
 */
export function placeOrder(
  address: string,
  idempotencyKey: string,
  whatsappUpdates = false,
  business?: BusinessBuyer,
  /** Pay the whole order by UPI now, for the owner's discount (common/pay-in-full.ts). */
  payInFull = false,
): Promise<OrderReply> {
  return call(orderApi.place, {
    body: {
      address,
      idempotencyKey,
      ...(whatsappUpdates ? { whatsappUpdates } : {}),
      ...(business?.buyerGstin ? business : {}),
      ...(payInFull ? { payInFull } : {}),
    },
  });
}
