/** Placing the order: the server cart, a delivery address and this attempt's idempotency key. */
import type { Order } from '../../../../common/schemas/order.ts';
import { api } from '../../../lib/api-client.ts';

export function placeOrder(address: string, idempotencyKey: string): Promise<{ order: Order }> {
  return api<{ order: Order }>('/orders', { method: 'POST', body: { address, idempotencyKey } });
}
