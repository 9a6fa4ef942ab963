/** Which orders have which papers (docs/product.md#invoice): the rules the server enforces and the screens follow. */
import { advanceSettled } from './advance.ts';
import { stateRule } from './orders.ts';

/**
 * The shopper reads the invoice once the parcel has left (the state table's parcelLeft), and keeps it,
 * beside its credit note, when the invoiced order was cancelled or came back.
 */
export function shopperMayReadInvoice(status: string, credited = false): boolean {
  return stateRule(status).parcelLeft || credited;
}

/** A label is for an order past the packing gate that still goes out: advance settled, order live. */
export function hasLabel(status: string, advanceState: string): boolean {
  return stateRule(status).live && advanceSettled(advanceState);
}
