/**
 * The invoice's part in an order's state changes (orders/transition.ts runs it): the number given
 * once, when the watches leave (docs/product.md#invoice), and the credit note for an invoiced order
 * cancelled or come back (CGST Rule 53; docs/product.md#the-books-credit-notes-and-gstr-1).
 */
import { AppError } from '../http/errors.ts';
import { registerStateHook, type StateHook } from '../orders/hooks.ts';
import { creditNoteNumberOf, issueCreditNote } from './credit-notes.ts';
import { invoiceColumns } from './issue.ts';

export const creditedRefusal = (orderNumber: string) =>
  `Order ${orderNumber} has a credit note that cancels its invoice, so it cannot go out again. Place a new order instead.`;

const invoiceStateHook: StateHook = {
  name: 'invoice',
  // A credited invoice is spent: the order cannot go out again under it (a new order is placed instead).
  async check({ trx, order, from, to }) {
    if (!from.live && to.live && order.invoice_number && (await creditNoteNumberOf(trx, order.id))) {
      throw new AppError(409, 'move_refused', creditedRefusal(order.number));
    }
  },
  // Given once, when the watches leave (dispatched, or delivered straight away), after every check
  // that can refuse the change and in its transaction: a failed change gives the number back. Never
  // given again, whatever state comes later.
  async columns({ trx, config, order, to, at, supplyState }) {
    return to.parcelLeft && !order.invoice_number
      ? await invoiceColumns(trx, config.invoice, order, at, supplyState)
      : null;
  },
  // An invoiced order that is cancelled or comes back gets its credit note, its reason from the
  // state table; one never invoiced gets none.
  async after({ trx, config, order, from, to, at }) {
    if (from.live && to.creditNote && order.invoice_number) {
      await issueCreditNote(trx, config.invoice, order.id, to.creditNote, at);
    }
  },
};

export function registerInvoiceHooks(): void {
  registerStateHook(invoiceStateHook);
}
