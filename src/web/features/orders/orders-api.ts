/** The shopper's own orders. Keys start with "orders" so placing an order can invalidate them. */
import type { Order, OrderView } from '../../../common/schemas/order.ts';
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

export const fetchOrders = (view: OrderView, signal?: AbortSignal) =>
  api<{ orders: Order[] }>(`/orders?view=${view}`, signal ? { signal } : {});

/** Keyed by shopper too, so one shopper's cached orders never show to the next on this browser. */
export function useOrders(view: OrderView, userId: string | null) {
  return useResource(userId ? `orders:${userId}:${view}` : null, (signal) => fetchOrders(view, signal));
}
