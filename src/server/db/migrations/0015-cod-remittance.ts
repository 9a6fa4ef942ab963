/**
 * The courier's COD remittance report (issue 23; docs/product.md "COD remittance";
 * docs/decisions/037-cod-remittance-and-money-at-a-glance.md). Frozen in time: takes Kysely<any> and
 * never imports app code. Portable column types only.
 *
 * - remittance_lines: each line of a remittance report the owner uploaded, as the courier wrote it
 *   (AWB, its order reference, the amount remitted in paise, the date and the UTR or CRF). Unique on
 *   a hash of the courier's own line, so the same report (or an overlapping one) imported again adds
 *   nothing. order_id is the order whose shipment carries the AWB, null for an AWB we never gave a
 *   parcel. Whether an order was paid short or over is not stored: it is the sum of its lines against
 *   its balance, read when asked, so a later part-payment never leaves a stale verdict behind.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remittance_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('line_hash', 'text', (c) => c.notNull().unique())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('order_ref', 'text', (c) => c.notNull())
    .addColumn('remitted_paise', 'integer', (c) => c.notNull())
    .addColumn('remitted_on', 'text')
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remittance_lines_awb').on('remittance_lines').column('awb').execute();
  await db.schema.createIndex('remittance_lines_order').on('remittance_lines').column('order_id').execute();
  await db.schema
    .createIndex('remittance_lines_import')
    .on('remittance_lines')
    .columns(['import_id', 'line_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remittance_lines').execute();
}
