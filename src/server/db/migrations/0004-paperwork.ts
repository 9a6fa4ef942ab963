/**
 * Paperwork and rights (issue 13): GST invoices, complaints, password reset
 * links and account deletion. Frozen in time: takes Kysely<any> and never
 * imports app code. Portable column types only.
 *
 * - products.hsn_code: the tariff code on the invoice (9102, wrist watches).
 * - products.country_of_origin: shown before purchase (E-Commerce Rules 2020,
 *   rule 6(5)(d) via the Legal Metrology rules); empty for watches listed before
 *   this, which the owner is asked to fill.
 * - order_lines.hsn_code: copied when the order is placed, like the name and price,
 *   so an invoice printed later says what was sold.
 * - orders.buyer_name: the name the order was placed under, kept for the invoice
 *   when the account is later deleted (docs/privacy.md). Filled here from users.
 * - orders.invoice_*: given once, at dispatch, from a per-financial-year series in
 *   the counters table (key "invoice:25-26"); the rate, GSTIN and place of supply
 *   are frozen with it so a reprint years later shows the same document.
 * - complaints: the grievance desk's tickets (rule 4(5)), numbered from the
 *   counters table (key "complaint").
 * - password_resets: one-time links the owner makes for a shopper (SHA-256 of the
 *   token only, as sessions are).
 * - users.deleted_at: an erased account keeps its row (orders point at it) with
 *   every personal field emptied and its phone released.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hsn_code', 'text', (c) => c.notNull().defaultTo('9102'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('country_of_origin', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('hsn_code', 'text', (c) => c.notNull().defaultTo('9102'))
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('buyer_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('orders')
    .set({
      buyer_name: (eb: any) =>
        eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'orders.user_id').limit(1),
    })
    .execute();
  for (const column of [
    'invoice_number',
    'invoice_date',
    'invoice_gstin',
    'invoice_supply_state',
    'invoice_supply_code',
  ]) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  // Basis points (1800 = 18%), so a rate like 1.5% stays an integer.
  await db.schema.alterTable('orders').addColumn('invoice_rate_bp', 'integer').execute();
  await db.schema.createIndex('orders_invoice_number').on('orders').column('invoice_number').unique().execute();

  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answer_note', 'text')
    .execute();
  await db.schema.createIndex('complaints_open').on('complaints').columns(['answered_at', 'created_at']).execute();
  await db.insertInto('counters').values({ key: 'complaint', value: 0 }).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.deleteFrom('counters').where('key', '=', 'complaint').execute();
  await db.deleteFrom('counters').where('key', 'like', 'invoice:%').execute();
  await db.schema.dropTable('complaints').execute();
  await db.schema.dropIndex('orders_invoice_number').execute();
  for (const column of [
    'invoice_rate_bp',
    'invoice_supply_code',
    'invoice_supply_state',
    'invoice_gstin',
    'invoice_date',
    'invoice_number',
    'buyer_name',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('order_lines').dropColumn('hsn_code').execute();
  await db.schema.alterTable('products').dropColumn('country_of_origin').execute();
  await db.schema.alterTable('products').dropColumn('hsn_code').execute();
}
