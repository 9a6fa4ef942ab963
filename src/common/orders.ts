/** Order states as shoppers and admins read them (docs/product.md#states-and-transitions, #better-18). */

import type { OrderState } from './catalog.ts';
import { DELIVERY_DAYS } from './constants.ts';

const LABELS: Record<OrderState, string> = {
  ordered: 'Ordered',
  packed: 'Packed',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * A new order is "ordered" in the database and shown as Pending until an admin
 * sets a state (docs/product.md#your-orders-and-history: "The status is Pending until an admin sets one").
 */
export function orderStatusLabel(status: string, setByAdmin: boolean): string {
  if (!setByAdmin && status === 'ordered') return 'Pending';
  return LABELS[status as OrderState] ?? 'Pending';
}

/** Estimated delivery window: order date plus 3 to plus 9 days (docs/product.md#limits-and-constants). */
export function deliveryWindow(orderedAt: string): { from: string; to: string } {
  const day = 24 * 60 * 60 * 1000;
  const t = Date.parse(orderedAt);
  return {
    from: new Date(t + DELIVERY_DAYS.min * day).toISOString(),
    to: new Date(t + DELIVERY_DAYS.max * day).toISOString(),
  };
}
