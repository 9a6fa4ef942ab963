/**
 * The unpaid-order cap's count by the shopper's own orders (issue 39; orders/unpaid.ts
 * countUnpaidOrders). Frozen in time: takes Kysely<any> and never imports app code.
 *
 * The count asked for `user_id = ? or user_phone = ?` with the order's status and advance state, and
 * SQLite answered it through orders_status: every open order of the whole shop, read on every order
 * placed (40% of an order's statement time at 1,400 orders, and growing with the shop). Each side of
 * the count now has an index that leads with the shopper and holds the two states, so it reads only
 * that shopper's unpaid orders. orders_phone (user_phone alone) is the new phone index's prefix.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_user_unpaid')
    .on('orders')
    .columns(['user_id', 'advance_state', 'status'])
    .execute();
  await db.schema
    .createIndex('orders_phone_unpaid')
    .on('orders')
    .columns(['user_phone', 'advance_state', 'status'])
    .execute();
  await db.schema.dropIndex('orders_phone').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_phone').on('orders').columns(['user_phone']).execute();
  await db.schema.dropIndex('orders_phone_unpaid').execute();
  await db.schema.dropIndex('orders_user_unpaid').execute();
}
