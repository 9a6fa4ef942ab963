/**
 * The books (issue 25): the invoice's unit of quantity, and credit notes.
 * Frozen in time: takes Kysely<any> and never imports app code. Portable column types only.
 *
 * - products.uqc / order_lines.uqc: the unit of quantity printed on each invoice line and reported
 *   in GSTR-1's HSN summary (CGST Rule 46(f)); NOS (numbers) for watches. The line copies the
 *   product's when the order is placed, like its name, price and HSN code, so a reprint says what
 *   was sold.
 * - credit_notes: one per invoiced order that is cancelled or comes back (CGST Rule 53(1A); section 34
 *   of the CGST Act), numbered from its own series per financial year in the counters table (key
 *   "credit-note:25-26"). It credits the whole invoice: the order's lines at the invoice's frozen
 *   rate and place of supply, so its amounts are computed exactly as the invoice's are. `order_id`
 *   is unique: never two credit notes for one order.
 * - orders_invoice_date / credit_notes_issued_at: GSTR-1 reads a month's invoices and credit notes
 *   by date.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('uqc', 'text', (c) => c.notNull().defaultTo('NOS'))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('uqc', 'text', (c) => c.notNull().defaultTo('NOS'))
    .execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // 'cancelled' (the order was cancelled after its invoice) or 'returned' (the parcel came back).
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_issued_at').on('credit_notes').column('issued_at').execute();
  await db.schema.createIndex('orders_invoice_date').on('orders').column('invoice_date').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_invoice_date').execute();
  await db.deleteFrom('counters').where('key', 'like', 'credit-note:%').execute();
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.alterTable('order_lines').dropColumn('uqc').execute();
  await db.schema.alterTable('products').dropColumn('uqc').execute();
}
