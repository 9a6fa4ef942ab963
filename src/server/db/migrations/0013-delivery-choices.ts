/**
 * Failed deliveries (docs/product.md#failed-deliveries; docs/decisions/035-failed-deliveries.md).
 * Frozen in time: takes Kysely<any> and never imports app code.
 *
 * delivery_choices: the shopper's answer to a failed delivery, one row per order. A second choice
 * replaces the first until it is sent; a later failed attempt (a higher `attempt`) opens it again.
 * - action: 're-attempt' (with deferred_date, and a corrected phone or landmark if given) or 'return'.
 * - state: waiting (in the owner's queue), sending (claimed until send_until: one sender at a
 *   time, across app processes), sent, or refused (the courier's words in `error`).
 *
 * app_secrets: secrets the store makes itself, one per name, shared by every app process on the
 * database (the delivery-choice links are signed with one: shipping/delivery-choice-link.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_choices')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('deferred_date', 'text')
    .addColumn('phone', 'text')
    .addColumn('landmark', 'text')
    .addColumn('chosen_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('send_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('sent_by', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.dropTable('delivery_choices').execute();
}
