/**
 * The home page's answer (docs/product.md#home): the latest watches, the category counts, the
 * stored banners and reels, the sale's largest discount and the customer pictures, which are
 * buyers' published photo reviews (reviews/queries.ts; docs/decisions/072-home-pictures-from-reviews.md). Its own folder because it composes
 * catalog and reviews, and reviews already imports catalog (scripts/folder-graph.test.ts).
 *
 * Made once per catalogue version and then served from the cache (catalog/response-cache.ts):
 * a price change moves the version (the sale banner's figure follows), and so does publishing or
 * rejecting a review (reviews/moderation.ts recountProduct), so the pictures follow the queue.
 */
import { HOME_LATEST, HOME_REVIEWS } from '../../common/constants.ts';
import { homeResponseSchema } from '../../common/schemas/catalog.ts';
import { HOME_CONTENT_KEY, parseHomeContent } from '../../common/schemas/home.ts';
import { counts } from '../catalog/answers.ts';
import { largestDiscount, latestProducts } from '../catalog/queries.ts';
import { cachedAnswer } from '../catalog/response-cache.ts';
import type { Db } from '../db/tables.ts';
import type { CachedJson } from '../http/cached-json.ts';
import { homePhotoReviews } from '../reviews/queries.ts';

export async function homeAnswer(db: Db): Promise<CachedJson> {
  const answer = await cachedAnswer(db, 'home', homeResponseSchema, async () => {
    const [latest, categoryCounts, content, discount, reviews] = await Promise.all([
      latestProducts(db, HOME_LATEST),
      counts(db),
      db.selectFrom('site_content').select('value').where('key', '=', HOME_CONTENT_KEY).executeTakeFirst(),
      largestDiscount(db),
      homePhotoReviews(db, HOME_REVIEWS),
    ]);
    return {
      latest,
      counts: categoryCounts,
      content: parseHomeContent(content?.value),
      largestDiscount: discount,
      reviews,
    };
  });
  return answer as CachedJson;
}
