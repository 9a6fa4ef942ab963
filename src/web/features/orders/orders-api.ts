/** The shopper's own orders. Keys start with "orders" so placing an order can invalidate them. */
import { orderApi } from '../../../common/order-api.ts';
import type { OrderView } from '../../../common/schemas/order.ts';
import { call } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

export const fetchOrders = (view: OrderView, signal?: AbortSignal) => call(orderApi.list, { query: { view }, signal });

/** Keyed by shopper too, so one shopper's cached orders never show to the next on this browser. */
export function useOrders(view: OrderView, userId: string | null) {
  return useResource(userId ? `orders:${userId}:${view}` : null, (signal) => fetchOrders(view, signal));
}

/** One of the shopper's orders by its number (null: none asked for). */
export function useOrder(orderNumber: string | null, userId: string) {
  return useResource(orderNumber ? `orders:${userId}:one:${orderNumber}` : null, (signal) =>
    call(orderApi.order, { params: { orderNumber: orderNumber as string }, signal }),
  );
}

/** Sends the advance's UPI reference; answers the order as it now is ("Advance: checking"). */
export const sendAdvanceReference = (orderNumber: string, utr: string) =>
  call(orderApi.sendAdvance, { params: { orderNumber }, body: { utr } });

/** Switch an unpaid order to paying in full (common/pay-in-full.ts). */
export const payOrderInFull = (orderNumber: string) => call(orderApi.payInFull, { params: { orderNumber } });
