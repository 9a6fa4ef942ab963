/** The shopper's own orders. Keys start with "orders" so placing an order can invalidate them. */
import { advanceApiPath, orderApiPath } from '../../../common/order-api.ts';
import type { Order, OrderView } from '../../../common/schemas/order.ts';
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

export const fetchOrders = (view: OrderView, signal?: AbortSignal) =>
  api<{ orders: Order[] }>(`/orders?view=${view}`, signal ? { signal } : {});

/** Keyed by shopper too, so one shopper's cached orders never show to the next on this browser. */
export function useOrders(view: OrderView, userId: string | null) {
  return useResource(userId ? `orders:${userId}:${view}` : null, (signal) => fetchOrders(view, signal));
}

/** One of the shopper's orders by its number (null: none asked for). */
export function useOrder(orderNumber: string | null, userId: string) {
  return useResource(orderNumber ? `orders:${userId}:one:${orderNumber}` : null, (signal) =>
    api<{ order: Order }>(orderApiPath(orderNumber as string), { signal }),
  );
}

/** Sends the advance's UPI reference; answers the order as it now is ("Advance: checking"). */
export const sendAdvanceReference = (orderNumber: string, utr: string) =>
  api<{ order: Order }>(advanceApiPath(orderNumber), { method: 'POST', body: { utr } });
