/**
 * Back in stock and the cart reminder (issue 24; docs/decisions/039-back-in-stock-and-cart-reminder.md).
 * Frozen in time: takes Kysely<any> and never imports app code. Portable column types only.
 *
 * - back_in_stock_requests: a "Notify me" on an out-of-stock watch, by a phone (WhatsApp) or an
 *   email, with or without an account. One waiting request per person and watch (the partial
 *   unique index); notified_at is set, once, in the transaction that brought the stock back and
 *   queued the message.
 * - users.cart_changed_at: when the shopper's server cart last changed (null: not since this
 *   migration, so carts left before it get no reminder); users.cart_reminded_at: when the last
 *   cart reminder was queued. A reminder is due when the cart changed more than 24 hours ago and
 *   after the last reminder.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('back_in_stock_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    // The person: a 10-digit phone or a lower-cased email, whichever they gave.
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('user_id', 'text')
    // When they ticked "one WhatsApp message" (a phone only); cleared by STOP from that phone.
    .addColumn('whatsapp_consent_at', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    // whatsapp | mail | none (consent taken back and no email)
    .addColumn('channel', 'text')
    .execute();
  await db.schema
    .createIndex('back_in_stock_waiting')
    .on('back_in_stock_requests')
    .columns(['product_id', 'contact'])
    .unique()
    .where(sql.ref('notified_at'), 'is', null)
    .execute();
  await db.schema.alterTable('users').addColumn('cart_changed_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('cart_reminded_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('cart_reminded_at').execute();
  await db.schema.alterTable('users').dropColumn('cart_changed_at').execute();
  await db.schema.dropTable('back_in_stock_requests').execute();
}
