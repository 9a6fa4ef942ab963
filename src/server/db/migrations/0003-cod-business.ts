/**
 * The cash-on-delivery business (issue 12): order numbers, the ₹300 advance,
 * stock counts and the mail outbox. Frozen in time: takes Kysely<any> and never
 * imports app code. Portable column types only.
 *
 * - counters: named sequences (the order number's digits). Taken with
 *   UPDATE … RETURNING inside the order's transaction, so the row lock (the one
 *   writer on SQLite) hands out each number once, across processes too.
 * - orders.number: what people read ("TSW-10427"); unique. Existing orders are
 *   numbered here in the order they were placed, with the prefix the app is
 *   configured with (SHOP_ORDER_PREFIX, default TSW), read once, now.
 * - orders.advance_*: the advance's state (awaiting, submitted, received,
 *   refused, waived), the shopper's UPI reference (unique: one payment proves
 *   one order) and the owner's note (a refusal's reason, a waiver's note).
 *   Orders that had already moved past "ordered" predate the advance rule and
 *   are marked waived, so the new packing gate does not stop them.
 * - order_events.kind/note: advance events live beside state events.
 * - products.stock_count: null is "not counted" (the in-stock toggle alone).
 * - outbox: messages to send, written in the transaction that made them.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const FIRST_ORDER_NUMBER = 10001;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('number', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('advance_state', 'text', (c) => c.notNull().defaultTo('awaiting'))
    .execute();
  await db.schema.alterTable('orders').addColumn('advance_utr', 'text').execute();
  await db.schema.alterTable('orders').addColumn('advance_note', 'text').execute();

  const prefix = (process.env.SHOP_ORDER_PREFIX ?? 'TSW').trim() || 'TSW';
  const existing = await db.selectFrom('orders').select(['id', 'status']).orderBy('created_at').orderBy('id').execute();
  let next = FIRST_ORDER_NUMBER;
  for (const order of existing) {
    const moved = order.status !== 'ordered' && order.status !== 'cancelled';
    await db
      .updateTable('orders')
      .set({
        number: `${prefix}-${String(next).padStart(5, '0')}`,
        ...(moved ? { advance_state: 'waived', advance_note: 'Placed before the store took advances' } : {}),
      })
      .where('id', '=', order.id)
      .execute();
    next += 1;
  }
  await db
    .insertInto('counters')
    .values({ key: 'order_number', value: next - 1 })
    .execute();
  // PostgreSQL hands out order numbers from a sequence instead (orders/order-number.ts):
  // a counter row would be locked by each order until its COMMIT, so concurrent
  // orders from several processes would wait on each other.
  if (isPostgres(db)) await sql`create sequence order_number_seq start with ${sql.lit(next)}`.execute(db);
  await db.schema.createIndex('orders_number').on('orders').column('number').unique().execute();
  await db.schema.createIndex('orders_advance_utr').on('orders').column('advance_utr').unique().execute();
  await db.schema.createIndex('orders_advance').on('orders').columns(['advance_state', 'created_at']).execute();

  await db.schema
    .alterTable('order_events')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('state'))
    .execute();
  await db.schema.alterTable('order_events').addColumn('note', 'text').execute();

  await db.schema.alterTable('products').addColumn('stock_count', 'integer').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  // The worker's question: what is unsent and due, oldest first.
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['next_attempt_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop sequence order_number_seq`.execute(db);
  await db.schema.dropTable('outbox').execute();
  await db.schema.alterTable('products').dropColumn('stock_count').execute();
  await db.schema.alterTable('order_events').dropColumn('note').execute();
  await db.schema.alterTable('order_events').dropColumn('kind').execute();
  await db.schema.dropIndex('orders_advance').execute();
  await db.schema.dropIndex('orders_advance_utr').execute();
  await db.schema.dropIndex('orders_number').execute();
  for (const column of ['advance_note', 'advance_utr', 'advance_state', 'number']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('counters').execute();
}
