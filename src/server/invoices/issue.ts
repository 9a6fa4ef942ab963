/**
 * Giving an order its invoice (docs/product.md#invoice), inside the dispatch's transaction
 * (orders/order-changes.ts, and the demo's orders in seed/demo.ts): the next number of the year's series, and beside it the facts the invoice
 * is printed from, frozen so that a reprint years later is the same document: the date, the shop's
 * GSTIN and GST rate then, and the place of supply.
 */
import type { Transaction } from 'kysely';
import { gstStateByCode } from '../../common/gst-states.ts';
import { SUPPLY_STATE_UNKNOWN } from '../../common/order-api.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import { deliveryState } from './delivery-state.ts';
import { nextInvoiceNumber } from './series.ts';

export const supplyStateUnknownMessage = (orderNumber: string) =>
  `We could not tell the delivery state from the address of order ${orderNumber}. ` +
  'Choose the state it is delivered to: the invoice’s place of supply decides between CGST + SGST and IGST.';

/**
 * The invoice's place of supply (docs/product.md#place-of-supply-and-the-taxes,
 * docs/decisions/056-place-of-supply-business-buyer.md):
 * - a business buyer (a GSTIN given at checkout): the state of its GSTIN, wherever the watches go. The
 *   business is billed and tells the shop where to deliver, so IGST Act 2017 s.10(1)(b) deems it the
 *   receiver and the place of supply its principal place of business (the registration it gave);
 * - a consumer: where the parcel's journey ends, s.10(1)(a) and (ca) (CBIC Circular 209/3/2024-GST:
 *   the delivery address recorded on the invoice): the owner's choice at dispatch, or the address's state.
 */
export function placeOfSupply(order: { address: string; buyer_gstin?: string | null }, ownerChoice?: string) {
  if (order.buyer_gstin) return gstStateByCode(order.buyer_gstin.slice(0, 2));
  return ownerChoice ? gstStateByCode(ownerChoice) : deliveryState(order.address);
}

/**
 * The state the watches are delivered to, as printed beside the address (CGST Rule 46(e)), from what the
 * invoice froze: a consumer's is the place of supply itself; a business buyer's is read from its address
 * by the same rule (the address is frozen on the order), or null when it names no state.
 */
export function deliveredIn(order: { address: string; buyerGstin: string | null }, supplyCode: string | null) {
  if (!order.buyerGstin) return supplyCode ? gstStateByCode(supplyCode) : null;
  return deliveryState(order.address);
}

export async function issueInvoice(
  trx: Transaction<Database>,
  invoice: Config['invoice'],
  order: { id: string; number: string; address: string; buyer_gstin?: string | null },
  at: string,
  /** The owner's choice of delivery state, when the address names none. */
  supplyCode?: string,
): Promise<string> {
  const columns = await invoiceColumns(trx, invoice, order, at, supplyCode);
  await trx.updateTable('orders').set(columns).where('id', '=', order.id).execute();
  return columns.invoice_number;
}

/**
 * issueInvoice without its write: the number taken and the order's invoice columns, for a caller
 * that writes them with its own update of the order (setOrderState: one statement less).
 */
export async function invoiceColumns(
  trx: Transaction<Database>,
  invoice: Config['invoice'],
  order: { number: string; address: string; buyer_gstin?: string | null },
  at: string,
  supplyCode?: string,
) {
  const place = placeOfSupply(order, supplyCode);
  const { gstin, rateBp, prefix } = invoice;
  // A tax invoice needs its place of supply; a receipt (no GSTIN) does without.
  if (!place && gstin) throw new AppError(409, SUPPLY_STATE_UNKNOWN, supplyStateUnknownMessage(order.number));
  const number = await nextInvoiceNumber(trx, prefix, at);
  return {
    invoice_number: number,
    invoice_date: at,
    invoice_gstin: gstin ?? null,
    invoice_rate_bp: gstin ? rateBp : null,
    invoice_supply_state: place?.name ?? null,
    invoice_supply_code: place?.code ?? null,
  };
}
