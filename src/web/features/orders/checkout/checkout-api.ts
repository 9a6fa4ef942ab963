/** Placing the order: the server cart, a delivery address and this attempt's idempotency key. */
import { orderApi } from '../../../../common/order-api.ts';
import type { OrderReply } from '../../../../common/schemas/order.ts';
import { call } from '../../../lib/api-client.ts';

export function placeOrder(address: string, idempotencyKey: string): Promise<OrderReply> {
  return call(orderApi.place, { body: { address, idempotencyKey } });
}
