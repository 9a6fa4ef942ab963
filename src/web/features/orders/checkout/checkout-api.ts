/** Placing the order: the server cart, a delivery address and this attempt's idempotency key. */
import { orderApi } from '../../../../common/order-api.ts';
import type { OrderReply } from '../../../../common/schemas/order.ts';
import { call } from '../../../lib/api-client.ts';

/** `whatsappUpdates`: the shopper ticked "Send my order updates on WhatsApp" (docs/whatsapp.md#consent). */
export function placeOrder(address: string, idempotencyKey: string, whatsappUpdates = false): Promise<OrderReply> {
  return call(orderApi.place, { body: { address, idempotencyKey, ...(whatsappUpdates ? { whatsappUpdates } : {}) } });
}
