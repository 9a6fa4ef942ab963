/**
 * Shipping (issue 23, docs/product.md#shipping): one shipment per order, its tracking events, and each
 * product's parcel weight and size. Frozen in time: takes Kysely<any> and never imports app code.
 * Portable column types only; times are ISO-8601 UTC text like every other table.
 *
 * - shipments: the order's parcel as the courier knows it. `courier` is the implementation that
 *   handles it ('manual' or 'shiprocket'), `courier_name` the carrier the shopper reads (Delhivery,
 *   Blue Dart ...). `step` only moves forward (common/shipments.ts ranks the steps); the latest
 *   scan is kept beside it so the shopper's screens read one row. `booking_state` and
 *   `booking_error` are the owner's view of an automatic booking (none | booking | booked | failed).
 *   The AWB is unique when set: one tracking number names one parcel, so an event finds one order.
 * - shipment_events: every tracking event ever received, kept as history. Unique on
 *   (awb, status_id, at): a webhook delivered twice, or a poll that repeats it, changes nothing.
 * - products: the parcel's weight (grams) and box size (cm), null for the shop's defaults
 *   (PARCEL_DEFAULT_* settings).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipments')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('courier_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('awb', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('booked'))
    .addColumn('scan_text', 'text')
    .addColumn('scan_location', 'text')
    .addColumn('scan_at', 'text')
    .addColumn('expected_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undelivered_reason', 'text')
    .addColumn('courier_order_id', 'text')
    .addColumn('courier_shipment_id', 'text')
    .addColumn('label_url', 'text')
    .addColumn('booking_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('booking_error', 'text')
    .addColumn('booked_at', 'text')
    // A parcel returned to origin: when the owner marked it received back and checked (stock returned).
    .addColumn('received_back_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Unique only where set: both databases let many NULLs through a unique index.
  await db.schema.createIndex('shipments_awb').on('shipments').column('awb').unique().execute();
  await db.schema.createIndex('shipments_step').on('shipments').columns(['step', 'updated_at']).execute();

  await db.schema
    .createTable('shipment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('status_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('status_text', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('reason', 'text')
    .addColumn('attempt', 'integer')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipment_events_identity')
    .on('shipment_events')
    .columns(['awb', 'status_id', 'at'])
    .unique()
    .execute();

  await db.schema.alterTable('products').addColumn('weight_grams', 'integer').execute();
  await db.schema.alterTable('products').addColumn('length_cm', 'integer').execute();
  await db.schema.alterTable('products').addColumn('breadth_cm', 'integer').execute();
  await db.schema.alterTable('products').addColumn('height_cm', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['height_cm', 'breadth_cm', 'length_cm', 'weight_grams']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
  await db.schema.dropTable('shipment_events').execute();
  await db.schema.dropTable('shipments').execute();
}
