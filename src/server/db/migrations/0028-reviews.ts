/**
 * Verified reviews (issue 38; docs/decisions/066-verified-reviews.md). Frozen in time: takes
 * Kysely<any> and never imports app code (decision 045). Portable column types only.
 *
 * - review_requests: one per delivered order (order_id is the key): when it was asked, when the
 *   one reminder went, and when it was closed (a return or cancellation: no reminder after).
 * - reviews: one per order line (order_id, line_no unique), written through the order's signed
 *   link. status pending | published | rejected; the reason of a rejection is one of the policy's
 *   (common/review-rules.ts); the shop's public reply beside it. Indexed for the product page
 *   (published, newest first; with photos first) and the owner's queue (pending, oldest first).
 * - review_photos: each photo's image id (a hash of its pixels, media/store.ts) once in the whole
 *   shop: the same picture in a second review is refused by the unique key.
 * - products.outside_*: the stars the owner used to type, kept only as a rating from elsewhere.
 *   The typed figures move there with no source; none shows until the owner names where it comes
 *   from in the product form ("Amazon"), and saving without a source drops them. products.stars and
 *   reviews_count then hold the average and count of published reviews only, kept in the
 *   transaction that publishes (reviews/moderation.ts), so cards read them as before.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_requests')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('review_requests_due').on('review_requests').columns(['requested_at']).execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    // JSON string[] of image ids, in the writer's order (review_photos holds each once).
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('has_photos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('moderated_at', 'text')
    .execute();
  await db.schema.createIndex('reviews_one_per_line').on('reviews').columns(['order_id', 'line_no']).unique().execute();
  await db.schema.createIndex('reviews_shown').on('reviews').columns(['product_id', 'status', 'created_at']).execute();
  await db.schema
    .createIndex('reviews_shown_photos')
    .on('reviews')
    .columns(['product_id', 'status', 'has_photos', 'created_at'])
    .execute();
  await db.schema.createIndex('reviews_queue').on('reviews').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('review_photos')
    .addColumn('image_id', 'text', (c) => c.primaryKey())
    .addColumn('review_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_photos_review').on('review_photos').columns(['review_id']).execute();

  await db.schema.alterTable('products').addColumn('outside_rating', 'real').execute();
  await db.schema.alterTable('products').addColumn('outside_rating_count', 'integer').execute();
  await db.schema.alterTable('products').addColumn('outside_rating_source', 'text').execute();
  // The typed figures become a rating from elsewhere with no source yet: shown nowhere until labelled.
  await db
    .updateTable('products')
    .set({
      outside_rating: sql.ref('stars'),
      outside_rating_count: sql.ref('reviews_count'),
      outside_rating_source: '',
    })
    .where('reviews_count', '>', 0)
    .execute();
  await db.updateTable('products').set({ stars: 0, reviews_count: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('outside_rating_source').execute();
  await db.schema.alterTable('products').dropColumn('outside_rating_count').execute();
  await db.schema.alterTable('products').dropColumn('outside_rating').execute();
  await db.schema.dropTable('review_photos').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('review_requests').execute();
}
