/** Which orders have which papers (docs/product.md#invoice): the rules the server enforces and the screens follow. */
import { advanceSettled } from './advance.ts';

/** The shopper reads the invoice of an order on its way or delivered. */
export function shopperMayReadInvoice(status: string): boolean {
  return status === 'dispatched' || status === 'delivered';
}

/** A label is for an order past the packing gate that still goes out: advance settled, not cancelled. */
export function hasLabel(status: string, advanceState: string): boolean {
  return status !== 'cancelled' && advanceSettled(advanceState);
}
