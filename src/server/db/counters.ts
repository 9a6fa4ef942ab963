/**
 * Named counters (the `counters` table): the order number on SQLite (orders/order-number.ts) and the
 * invoice series (invoices/series.ts). A value is taken with one UPDATE … RETURNING in the caller's
 * transaction: the row stays locked until that transaction ends, so no two transactions get the
 * same value, and a transaction that rolls back gives its value back.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.ts';

export async function takeCounter(trx: Kysely<Database> | Transaction<Database>, key: string): Promise<number> {
  const value = await takeCounterIfAny(trx, key);
  if (value === null) throw new Error(`takeCounter: no counter ${key}`);
  return value;
}

/** takeCounter, or null when the counter row does not exist yet. */
export async function takeCounterIfAny(
  trx: Kysely<Database> | Transaction<Database>,
  key: string,
): Promise<number | null> {
  const row = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('key', '=', key)
    .returning('value')
    .executeTakeFirst();
  return row ? Number(row.value) : null;
}
