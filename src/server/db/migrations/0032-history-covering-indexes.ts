/**
 * The risk score's shopper history read from its indexes alone (issue 39; risk/history-queries.ts
 * historyQuery). Frozen in time: takes Kysely<any> and never imports app code (decision 045).
 *
 * Each side of the history (the account, the phone, the address) read up to 50 order ids through
 * its index, then each order's row by its id for its status and advance state: a table search for
 * the id and another for the row, per order read, inside every order's transaction (a third of the
 * SQLite statement time of an order in the orders benchmark, whose shoppers each have hundreds).
 * The three indexes the sides read now end with the states and the id, so a side is one range of
 * one index and the orders table is not touched. Their leading columns are unchanged, so the
 * unpaid count (0022) and the accounts at an address (0023) read them as before.
 */
import type { Kysely } from 'kysely';

const INDEXES = [
  {
    name: 'orders_user_unpaid',
    before: ['user_id', 'advance_state', 'status'],
    after: ['user_id', 'advance_state', 'status', 'id'],
  },
  {
    name: 'orders_phone_unpaid',
    before: ['user_phone', 'advance_state', 'status'],
    after: ['user_phone', 'advance_state', 'status', 'id'],
  },
  {
    name: 'orders_address_key',
    before: ['address_key', 'user_id', 'status'],
    after: ['address_key', 'user_id', 'status', 'advance_state', 'id'],
  },
];

async function rebuild(db: Kysely<any>, columns: 'before' | 'after'): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema.createIndex(index.name).on('orders').columns(index[columns]).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'after');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'before');
}
