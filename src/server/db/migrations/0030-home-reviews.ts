/**
 * The home page's customer pictures (issue 38; reviews/queries.ts homePhotoReviews): the newest
 * published review with photos of each watch. Frozen in time: takes Kysely<any> and never imports
 * app code (decision 045).
 *
 * The reviews' indexes all lead with the product (a product page's reads), so the shop-wide read
 * "published, with photos, newest per watch" would scan every review. This one leads with the two
 * conditions, then the watch and the time: the newest per watch is read from the index alone.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('reviews_home')
    .on('reviews')
    .columns(['status', 'has_photos', 'product_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reviews_home').execute();
}
