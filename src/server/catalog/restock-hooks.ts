/**
 * A watch back in stock (the owner's edit, or a cancelled order's stock returned: orders/stock.ts):
 * the people waiting for it hear so, in the same transaction. back-in-stock/, above catalog and
 * orders, registers what that means at startup (src/server/order-hooks.ts), so neither imports it
 * (docs/decisions/052-order-transitions-and-folder-graph.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';

type Restocked = (trx: Kysely<Database> | Transaction<Database>, config: Config, productId: string) => Promise<unknown>;

let restocked: Restocked | null = null;

export function registerRestockHook(hook: Restocked): void {
  restocked ??= hook;
}

/** Tells the waiting that this watch may be orderable again (the hook checks that it is). */
export async function productRestocked(
  trx: Kysely<Database> | Transaction<Database>,
  config: Config,
  productId: string,
): Promise<void> {
  if (!restocked) throw new Error('The restock hook is not installed: call installOrderHooks() (order-hooks.ts).');
  await restocked(trx, config, productId);
}

/** How many people wait for each of these watches (the owner's products list). */
export async function countWaiting(db: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('back_in_stock_requests')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', productIds)
    .where('notified_at', 'is', null)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}
