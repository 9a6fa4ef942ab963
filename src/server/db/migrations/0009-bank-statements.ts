/**
 * The bank statement the owner uploads to find the advances (issue 25; docs/product.md "The
 * books: advances from the bank statement"; docs/decisions/029-bank-statement-matching.md).
 * Frozen in time: takes Kysely<any> and never imports app code. Portable column types only.
 *
 * - statement_imports: one row per upload that brought new lines (who, when, which layout, counts).
 * - statement_lines: each credit of a statement, kept as the proof of what the bank said. Unique on
 *   a hash of the bank's own line, so the same statement (or an overlapping one) imported again
 *   adds nothing. matched_order_id links the line that proved an order's advance: unique, so one
 *   bank credit (one UTR) never marks two orders, and no order is proved by two lines. Amounts are
 *   paise (a bank line may carry them), unlike the rupees of the orders.
 * - statement_layouts: the owner's column mapping of a layout we do not know, keyed by the header
 *   row (normalised), so the next statement of that bank needs no mapping.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statement_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('lines_read', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('new_lines', 'integer', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('first_date', 'text')
    .addColumn('last_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('line_hash', 'text', (c) => c.notNull().unique())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('txn_date', 'text', (c) => c.notNull())
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('utr', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('order_id', 'text')
    .addColumn('matched_order_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('statement_lines_utr').on('statement_lines').column('utr').execute();
  await db.schema
    .createIndex('statement_lines_import')
    .on('statement_lines')
    .columns(['import_id', 'line_no'])
    .execute();
  await db.schema.createIndex('statement_lines_outcome').on('statement_lines').column('outcome').execute();

  await db.schema
    .createTable('statement_layouts')
    .addColumn('header_key', 'text', (c) => c.primaryKey())
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statement_layouts').execute();
  await db.schema.dropTable('statement_lines').execute();
  await db.schema.dropTable('statement_imports').execute();
}
