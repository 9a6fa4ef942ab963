/**
 * Reading reviews: a product's published ones (the page's summary and one page of reviews, cached
 * per catalogue version like every catalogue answer: catalog/response-cache.ts, moved on by
 * moderation.ts), the owner's queue, its count for "Needs you", and the home page's customer
 * pictures. Only published reviews ever leave through the public reads.
 */
import { REVIEWS_PER_PAGE, type RejectReason, type ReviewSort, type ReviewStatus } from '../../common/review-rules.ts';
import type { HomeReview } from '../../common/schemas/home.ts';
import { type AdminReview, type AdminReviewPage, productReviewsSchema } from '../../common/schemas/review.ts';
import { cachedAnswer } from '../catalog/response-cache.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import type { CachedJson } from '../http/cached-json.ts';

/** A product's reviews answer: null when there is no such live product. */
export function productReviewsAnswer(
  db: Db,
  productId: string,
  sort: ReviewSort,
  page: number,
): Promise<CachedJson | null> {
  return cachedAnswer(db, `reviews:${productId}|${sort}|${page}`, productReviewsSchema, async () => {
    const product = await db
      .selectFrom('products')
      .select(['stars', 'reviews_count'])
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!product) return null;
    const published = db.selectFrom('reviews').where('product_id', '=', productId).where('status', '=', 'published');
    const [groups, rows] = await Promise.all([
      published
        .select(['stars', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('stars')
        .execute(),
      published
        .select(['id', 'stars', 'title', 'body', 'display_name', 'photos', 'created_at', 'reply'])
        .$if(sort === 'photos', (q) => q.orderBy('has_photos', 'desc'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(REVIEWS_PER_PAGE)
        .offset((page - 1) * REVIEWS_PER_PAGE)
        .execute(),
    ]);
    const distribution = [0, 0, 0, 0, 0];
    for (const g of groups) {
      const stars = Number(g.stars);
      if (stars >= 1 && stars <= 5) distribution[stars - 1] = Number(g.n);
    }
    const count = distribution.reduce((a, b) => a + b, 0);
    return {
      average: Number(product.stars),
      count,
      distribution,
      sort,
      page,
      pages: Math.max(1, Math.ceil(count / REVIEWS_PER_PAGE)),
      items: rows.map((r) => ({
        id: r.id,
        stars: Number(r.stars),
        title: r.title,
        body: r.body,
        displayName: r.display_name,
        photos: parseJsonList<string>(r.photos),
        createdAt: r.created_at,
        reply: r.reply,
      })),
    };
  });
}

/**
 * The home page's customer pictures (docs/product.md#home): the newest published reviews with
 * photos, at most `limit`, one a watch (its newest, so one much-reviewed watch does not fill the
 * row), of watches still in the shop. Each gives its first photo, its writer's display name,
 * stars, title and the watch. Only `published` is ever read: pending and rejected ones never leave.
 *
 * The newest per watch comes from a grouped read of the reviews_home index (migration 0030:
 * status, has_photos, product_id, created_at), which answers it from the index alone; then those
 * few reviews are read. Two reviews of one watch written in the same millisecond both match its
 * newest time: the first by id is kept.
 */
export async function homePhotoReviews(db: Db, limit: number): Promise<HomeReview[]> {
  const newest = db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select(['reviews.product_id', (eb) => eb.fn.max('reviews.created_at').as('newest')])
    .where('reviews.status', '=', 'published')
    .where('reviews.has_photos', '=', 1)
    .where('products.deleted_at', 'is', null)
    .groupBy('reviews.product_id')
    .orderBy('newest', 'desc')
    .orderBy('reviews.product_id')
    .limit(limit);
  const rows = await db
    .selectFrom(newest.as('n'))
    .innerJoin('reviews', (join) =>
      join.onRef('reviews.product_id', '=', 'n.product_id').onRef('reviews.created_at', '=', 'n.newest'),
    )
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select([
      'reviews.product_id',
      'reviews.photos',
      'reviews.display_name',
      'reviews.stars',
      'reviews.title',
      'products.name as product_name',
    ])
    .where('reviews.status', '=', 'published')
    .where('reviews.has_photos', '=', 1)
    .orderBy('n.newest', 'desc')
    .orderBy('reviews.product_id')
    .orderBy('reviews.id')
    .execute();
  const shown = new Map<string, HomeReview>();
  for (const r of rows) {
    const image = parseJsonList<string>(r.photos)[0];
    if (!image || shown.has(r.product_id)) continue;
    shown.set(r.product_id, {
      image,
      name: r.display_name,
      stars: Number(r.stars),
      quote: r.title,
      product: { id: r.product_id, name: r.product_name },
    });
  }
  return [...shown.values()];
}

function adminReviews(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('orders', 'orders.id', 'reviews.order_id')
    .innerJoin('order_lines', (join) =>
      join.onRef('order_lines.order_id', '=', 'reviews.order_id').onRef('order_lines.line_no', '=', 'reviews.line_no'),
    )
    .select([
      'reviews.id',
      'reviews.product_id',
      'order_lines.product_name',
      'orders.number',
      'reviews.stars',
      'reviews.title',
      'reviews.body',
      'reviews.display_name',
      'reviews.photos',
      'reviews.status',
      'reviews.reject_reason',
      'reviews.reply',
      'reviews.created_at',
      'reviews.updated_at',
    ]);
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminReviews>['executeTakeFirstOrThrow']>>;

function toAdminReview(r: AdminRow): AdminReview {
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    orderNumber: r.number,
    stars: Number(r.stars),
    title: r.title,
    body: r.body,
    displayName: r.display_name,
    photos: parseJsonList<string>(r.photos),
    status: r.status as ReviewStatus,
    rejectReason: (r.reject_reason as RejectReason | null) ?? null,
    reply: r.reply,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function findAdminReview(db: Db, id: string): Promise<AdminReview | null> {
  const row = await adminReviews(db).where('reviews.id', '=', id).executeTakeFirst();
  return row ? toAdminReview(row) : null;
}

/** The queue: waiting ones oldest first (first come, first read); the others newest first. */
export async function listAdminReviews(
  db: Db,
  status: ReviewStatus,
  page: number,
  size: number,
): Promise<AdminReviewPage> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
    adminReviews(db)
      .where('reviews.status', '=', status)
      .orderBy('reviews.updated_at', status === 'pending' ? 'asc' : 'desc')
      .orderBy('reviews.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  const total = Number(count.n);
  return { items: rows.map(toAdminReview), total, page, pages: Math.max(1, Math.ceil(total / size)) };
}

/** Reviews waiting for the owner (the "Needs you" count). */
export async function countPendingReviews(db: Db): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
