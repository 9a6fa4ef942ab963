/**
 * After-sales requests (docs/product.md#after-sales; docs/decisions/064-after-sales-requests.md).
 * Frozen in time: takes Kysely<any> and never imports app code.
 *
 * after_sales_requests: a shopper's "Exchange this watch" or "Report a problem" on one line of a
 * delivered order, and everything the owner does with it.
 * - number: AS-000123, from the counters row 'after_sales'.
 * - kind: exchange | problem; problem: wrong | damaged | faulty (problem reports only).
 * - open_key: `order_id:line_no` while the request is open, null once it ends: unique, so one
 *   line never has two open requests, on SQLite and PostgreSQL alike (no partial index needed).
 * - state: requested | refused | approved | received | replacement | refund | failed (see
 *   src/common/after-sales-rules.ts).
 * - wanted_*: the watch the shopper wants instead (an exchange), its price frozen when asked.
 * - photos, check_photos: JSON string[] of image ids (media/store.ts: stripped WebP).
 * - return_*: how the watch comes back: 'courier' (booked through the courier's return API),
 *   'typed' (the owner typed the return AWB) or 'self' (the shopper ships it), and its tracking.
 * - replacement_order_id: the new order an exchange or replacement became.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('after_sales_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('problem', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('wanted_product_id', 'text')
    .addColumn('wanted_name', 'text')
    .addColumn('wanted_price', 'integer')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('owner_note', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('return_method', 'text')
    .addColumn('return_courier', 'text')
    .addColumn('return_awb', 'text', (c) => c.unique())
    .addColumn('return_courier_order_id', 'text')
    .addColumn('return_step', 'text')
    .addColumn('return_scan_at', 'text')
    .addColumn('check_passed', 'integer')
    .addColumn('check_note', 'text')
    .addColumn('check_photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('checked_at', 'text')
    .addColumn('replacement_order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('after_sales_requests_order').on('after_sales_requests').column('order_id').execute();
  await db.schema
    .createIndex('after_sales_requests_state')
    .on('after_sales_requests')
    .columns(['state', 'created_at'])
    .execute();
  await db.insertInto('counters').values({ key: 'after_sales', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', 'after_sales').execute();
  await db.schema.dropTable('after_sales_requests').execute();
}
