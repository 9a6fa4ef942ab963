/**
 * Pay in full now and the doubtful address (issue 35 items 3 and 4; docs/decisions/061, 062).
 * Frozen in time: takes Kysely<any> and never imports app code.
 *
 * - orders.full_pay_discount: whole rupees taken off an order the shopper chose to pay in full (0:
 *   none); the order's total is already the discounted one, and its advance that total. Invoices
 *   and GSTR-1 spread it over the lines before tax (common/gst.ts).
 * - orders.address_doubt_at / address_doubt_note: the owner marked the address doubtful, and why;
 *   packing waits while it is set.
 * - orders.address_was / address_corrected_at: the address before the shopper corrected it through
 *   the signed link, and when, for the owner to see the change.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('full_pay_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('address_doubt_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('address_doubt_note', 'text').execute();
  await db.schema.alterTable('orders').addColumn('address_was', 'text').execute();
  await db.schema.alterTable('orders').addColumn('address_corrected_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['address_corrected_at', 'address_was', 'address_doubt_note', 'address_doubt_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('orders').dropColumn('full_pay_discount').execute();
}
