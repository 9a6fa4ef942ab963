/**
 * The order's row lock, taken first by every change that reads an order and then writes on what
 * it read (a state, an advance finding, a booking, an AWB, a return, a credit note): a second
 * click, a courier event or the owner's other tab waits here and then reads what the first wrote.
 * A no-op update takes it the same way on both databases (PostgreSQL's row lock; SQLite has one
 * writer), where SELECT … FOR UPDATE exists on PostgreSQL alone.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';

export const ORDER_NOT_FOUND = 'This order does not exist';

/** Which order: by its number (and, for a shopper, only their own) or by its id. */
export type OrderKey = string | { number: string; userId: string } | { id: string };

/** Takes the order's row lock and returns what the checks need; undefined when there is no such order. */
export function lockOrderRow(trx: Transaction<Database>, key: OrderKey) {
  let q = trx.updateTable('orders').set((eb) => ({ updated_at: eb.ref('updated_at') }));
  if (typeof key === 'string') q = q.where('number', '=', key);
  else if ('id' in key) q = q.where('id', '=', key.id);
  else q = q.where('number', '=', key.number).where('user_id', '=', key.userId);
  return q
    .returning([
      'id',
      'number',
      'status',
      'total',
      'advance_state',
      'buyer_gstin',
      'advance_utr',
      'advance_amount',
      'address',
      'invoice_number',
      'address_doubt_at',
      'delivery_pincode',
    ])
    .executeTakeFirst();
}

/** lockOrderRow, answering 404 when there is no such order. */
export async function lockOrder(trx: Transaction<Database>, key: OrderKey) {
  const order = await lockOrderRow(trx, key);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The order as lockOrder returned it, before the change. */
export type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;
