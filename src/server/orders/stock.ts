/**
 * Stock counts (docs/product.md#stock-counts). A counted watch (products.stock_count not null)
 * loses its ordered quantity in the order's transaction, with one guarded
 * UPDATE: `stock_count >= quantity` is checked by the statement that takes the
 * row lock, so two shoppers racing for the last watch cannot both get it (the
 * second one's UPDATE re-reads the committed count and changes nothing).
 * Uncounted watches are untouched. When a watch runs out, or comes back, the
 * catalogue version moves so cached listings show it OUT OF STOCK (or not).
 */
import type { Transaction } from 'kysely';
import { productRestocked } from '../catalog/restock-hooks.ts';
import { refreshSearchIndex } from '../catalog/search/index-writer.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';

export interface StockLine {
  product_id: string;
  product_name: string;
  quantity: number;
}

export const notEnoughStockMessage = (name: string, left: number) =>
  left <= 0
    ? `Sorry, “${name}” has just sold out. Please remove it from your cart to place the order.`
    : `Sorry, only ${left} of “${name}” ${left === 1 ? 'is' : 'are'} left. Please lower the quantity to place the order.`;

/** Takes each counted line's quantity; throws 409 naming the first watch there are not enough of. */
export async function takeStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<void> {
  // Always lock products in the same order, so two orders sharing watches cannot deadlock.
  for (const line of byProduct(lines)) {
    const taken = await trx
      .updateTable('products')
      .set((eb) => ({ stock_count: eb('stock_count', '-', line.quantity) }))
      .where('id', '=', line.product_id)
      .where('stock_count', 'is not', null)
      .where('stock_count', '>=', line.quantity)
      .returning('stock_count')
      .executeTakeFirst();
    if (taken) {
      if (Number(taken.stock_count) === 0) await refreshSearchIndex(trx, line.product_id);
      continue;
    }
    const row = await trx
      .selectFrom('products')
      .select('stock_count')
      .where('id', '=', line.product_id)
      .executeTakeFirst();
    if (row && row.stock_count !== null) {
      throw new AppError(409, 'out_of_stock', notEnoughStockMessage(line.product_name, Number(row.stock_count)));
    }
  }
}

/** An order's lines as stock moves read them. */
export async function orderStockLines(trx: Transaction<Database>, orderId: string): Promise<StockLine[]> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'product_name', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  return lines.map((l) => ({ ...l, quantity: Number(l.quantity) }));
}

/**
 * Puts each counted line's quantity back (a cancelled order). A watch that had run out is back:
 * the people waiting for it get their message, queued here (catalog/restock-hooks.ts).
 */
export async function returnStock(
  trx: Transaction<Database>,
  config: Config,
  lines: readonly StockLine[],
): Promise<void> {
  for (const line of byProduct(lines)) {
    const back = await trx
      .updateTable('products')
      .set((eb) => ({ stock_count: eb('stock_count', '+', line.quantity) }))
      .where('id', '=', line.product_id)
      .where('stock_count', 'is not', null)
      .returning('stock_count')
      .executeTakeFirst();
    if (back && Number(back.stock_count) === line.quantity) {
      await refreshSearchIndex(trx, line.product_id);
      await productRestocked(trx, config, line.product_id);
    }
  }
}

function byProduct(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0));
}
