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
  // A business buyer's place of supply is the state of its GSTIN (its first two digits), as the brief
  // for issue 25 asks and GSTR-1's B2B table expects (docs/decisions/038-buyer-gstin.md); else the
  // delivery state, or the owner's choice when the address names none.
  const place = order.buyer_gstin
    ? gstStateByCode(order.buyer_gstin.slice(0, 2))
    : supplyCode
      ? gstStateByCode(supplyCode)
      : deliveryState(order.address);
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
