/**
 * Each order keeps the advance it was placed with (issue 22): the setting COD_ADVANCE may change,
 * an order's invoice, label, UPI link and balance must not. Orders placed before this migration
 * were all placed at the store's only advance until then, ₹300, so that is what they get.
 * Frozen in time: takes Kysely<any> and never imports app code (the 300 is history, not the default).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('advance_amount', 'integer', (c) => c.notNull().defaultTo(300))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('advance_amount').execute();
}
