/**
 * Courier jobs (docs/decisions/028-courier-booking.md): the owner's "Book courier" writes a job in
 * the order's transaction, like the mail outbox (decision 014); a worker does the courier's calls
 * later, so a courier that is down or slow never loses nor doubles a booking. Frozen in time: takes
 * Kysely<any> and never imports app code.
 *
 * - kind: 'book' (create the courier's order, take the AWB and label) or 'pickup' (ask for it,
 *   written when the booking succeeds).
 * - state: waiting (due at next_attempt_at), done, or failed (the courier refused, in its words:
 *   last_error; not retried until the owner asks again).
 * - lease_until / lease_owner: a worker's claim. A job is taken only when its lease is free or
 *   over, in one UPDATE, so two app processes never work one job at once; a process that dies
 *   leaves a lease that simply runs out.
 * - One job of each kind per order (unique): asking again re-arms the same row.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('courier_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_jobs_order_kind')
    .on('courier_jobs')
    .columns(['order_id', 'kind'])
    .unique()
    .execute();
  await db.schema.createIndex('courier_jobs_due').on('courier_jobs').columns(['state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('courier_jobs').execute();
}
