/** Which orders have which papers (docs/product.md#invoice): the rules the server enforces and the screens follow. */
import { advanceSettled } from './advance.ts';
import { stateRule } from './orders.ts';

/** The shopper reads the invoice once the parcel has left (the state table's parcelLeft). */
export function shopperMayReadInvoice(status: string): boolean {
  return stateRule(status).parcelLeft;
}

/** A label is for an order past the packing gate that still goes out: advance settled, order live. */
export function hasLabel(status: string, advanceState: string): boolean {
  return stateRule(status).live && advanceSettled(advanceState);
}
