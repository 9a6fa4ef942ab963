/**
 * Every advance settled (issue 36 item 3; docs/decisions/063-every-advance-settled.md). Frozen in time:
 * takes Kysely<any> and never imports app code. Portable column types only.
 *
 * - settlements: what became of money a shopper paid for an order, one row per fact the owner recorded:
 *   a refund ('refund': its amount in paise, the UPI or bank reference, the India date it was paid, why)
 *   or an advance kept under one of the policy's cases ('kept': the amount kept, the case as `reason`,
 *   no reference or date). An order may have several refunds (an advance, then the rest of a delivered
 *   order after a problem report); at most one 'kept', checked under the order's row lock.
 * - settlements_order: every reader asks by order; settlements_created: Money at a glance by range.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settlements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('paid_on', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlements_order').on('settlements').columns(['order_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settlements').execute();
}
