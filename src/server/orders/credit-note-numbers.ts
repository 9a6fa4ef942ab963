/**
 * The credit note numbers of orders, read where orders are listed (Your Orders, Admin Orders).
 * Here rather than in invoices/, which writes them (credit-notes.ts): invoices sits above orders
 * in the folders' one direction (docs/decisions/052-order-transitions-and-folder-graph.md).
 */
import type { Db } from '../db/tables.ts';

/** The credit note numbers of these orders, by order id (lists of orders show them beside the invoice). */
export async function creditNoteNumbersOf(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('credit_notes')
    .select(['order_id', 'number'])
    .where('order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.number]));
}
