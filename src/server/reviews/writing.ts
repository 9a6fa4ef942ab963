/**
 * Writing a review through the order's signed link (docs/product.md#reviews; issue 38): what the
 * page shows (the order's watches, each with its review once written) and saving one. Only a
 * delivered order's buyer holds the link, so every review is a verified buyer's; one per order
 * line, changed by its writer within REVIEW_EDIT_DAYS of first writing it (a change goes back to
 * the queue), never by the shop (moderation.ts only publishes, rejects or replies).
 *
 * Abuse: limits per link, per account and per address before any work; photos are decoded and
 * re-encoded like product pictures (media/store.ts: only real images pass, metadata stripped) and
 * each picture may be in one review of the shop only (review_photos' key is the pixels' hash).
 */
import {
  defaultDisplayName,
  REJECT_REASONS,
  REVIEW_PHOTOS_MAX,
  type RejectReason,
  type ReviewStatus,
} from '../../common/review-rules.ts';
import type { OwnReview, ReviewInput, ReviewLinkReply } from '../../common/schemas/review.ts';
import { addressKey, takeSlots } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import { newId, nowIso } from '../db/ids.ts';
import { parseJsonList, toJson } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import { reviewLinkMatches } from './link.ts';
import { recountProduct } from './moderation.ts';

export const REVIEW_LINK_MESSAGE = 'This review link is not valid. Please use the link from your message.';
export const NOT_REVIEWABLE = 'This order can no longer be reviewed: it was returned or cancelled.';
/** An order moved back from delivered (the owner's correction): the link waits for the parcel. */
export const NOT_YET_REVIEWABLE = 'This order can be reviewed once it is delivered.';
export const TOO_MANY_REVIEWS = 'Too many reviews sent in a short time. Please try again in an hour.';
export const SAME_PHOTO = 'This photo is already in a review. Please choose your own photos of the watch.';
export const NOT_EDITABLE = 'This review can no longer be changed.';

/** Reviews saved per link, account and address in an hour (a family shares a phone's address). */
const LIMITS = { link: 20, account: 30, address: 40 } as const;
const HOUR = 3_600_000;

interface LinkOrder {
  id: string;
  number: string;
  status: string;
  userId: string;
  name: string;
  closed: boolean;
}

/** Why a closed link takes no new review, in the shopper's words. */
function closedMessage(order: LinkOrder): string {
  return order.status === 'returned' || order.status === 'cancelled' ? NOT_REVIEWABLE : NOT_YET_REVIEWABLE;
}

/** The order behind a review link, or the one 404 (a wrong token and no such order read alike). */
export async function reviewLinkOrder(db: Db, config: Config, orderNumber: string, token: string): Promise<LinkOrder> {
  if (!(await reviewLinkMatches(db, config, orderNumber, token))) throw notFound(REVIEW_LINK_MESSAGE);
  const row = await db
    .selectFrom('orders')
    .leftJoin('review_requests', 'review_requests.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.number',
      'orders.status',
      'orders.user_id',
      'orders.buyer_name',
      'review_requests.closed_at',
    ])
    .where('orders.number', '=', orderNumber)
    .executeTakeFirst();
  if (!row) throw notFound(REVIEW_LINK_MESSAGE);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    userId: row.user_id,
    name: row.buyer_name,
    closed: row.status !== 'delivered' || row.closed_at !== null,
  };
}

function editableUntil(createdAt: string, config: Config): string {
  return new Date(Date.parse(createdAt) + config.reviewEditDays * 24 * HOUR).toISOString();
}

/** The link's page: the order's watches, each with its review as its writer sees it. */
export async function reviewLinkReply(
  db: Db,
  config: Config,
  order: LinkOrder,
  now = Date.now(),
): Promise<ReviewLinkReply> {
  if (order.closed) {
    // A review already written stays readable (a rejection's reason); nothing new is asked.
    const any = await db.selectFrom('reviews').select('id').where('order_id', '=', order.id).executeTakeFirst();
    if (!any) throw conflict(closedMessage(order));
  }
  const rows = await db
    .selectFrom('order_lines')
    .leftJoin('reviews', (join) =>
      join.onRef('reviews.order_id', '=', 'order_lines.order_id').onRef('reviews.line_no', '=', 'order_lines.line_no'),
    )
    .select([
      'order_lines.line_no',
      'order_lines.product_id',
      'order_lines.product_name',
      'order_lines.image',
      'reviews.id as review_id',
      'reviews.stars',
      'reviews.title',
      'reviews.body',
      'reviews.display_name',
      'reviews.photos',
      'reviews.status',
      'reviews.reject_reason',
      'reviews.reply',
      'reviews.created_at',
    ])
    .where('order_lines.order_id', '=', order.id)
    .orderBy('order_lines.line_no')
    .execute();
  return {
    orderNumber: order.number,
    defaultName: defaultDisplayName(order.name),
    lines: rows.map((r) => {
      let review: OwnReview | null = null;
      if (r.review_id && r.created_at) {
        const until = editableUntil(r.created_at, config);
        review = {
          stars: Number(r.stars),
          title: r.title ?? '',
          body: r.body ?? '',
          displayName: r.display_name ?? '',
          photos: parseJsonList<string>(r.photos),
          status: (r.status ?? 'pending') as ReviewStatus,
          rejectReason: r.reject_reason ? (REJECT_REASONS[r.reject_reason as RejectReason] ?? null) : null,
          reply: r.status === 'published' ? r.reply : null,
          editableUntil: until,
          editable: !order.closed && Date.parse(until) > now,
        };
      }
      return {
        lineNo: Number(r.line_no),
        productId: r.product_id,
        productName: r.product_name,
        image: r.image,
        review,
      };
    }),
  };
}

/** Takes the slots of the link, the order's account and the address: 429 when one is full. */
export async function takeReviewSlots(db: Db, order: LinkOrder, ip: string, now = Date.now()): Promise<void> {
  const full = await takeSlots(
    db,
    [
      { key: `review-link:${order.number}`, max: LIMITS.link, windowMs: HOUR },
      { key: `review-account:${order.userId}`, max: LIMITS.account, windowMs: HOUR },
      { key: `review-address:${addressKey(ip)}`, max: LIMITS.address, windowMs: HOUR },
    ],
    now,
  );
  if (full) throw new AppError(429, 'too_many_attempts', TOO_MANY_REVIEWS);
}

/**
 * Saves the review of one line: new, or its writer's change within the editing days (then it
 * waits for the owner again). `newPhotos` are stored image ids (media/store.ts), in order.
 */
export async function saveReview(
  db: Db,
  config: Config,
  order: LinkOrder,
  input: ReviewInput,
  newPhotos: readonly string[],
  now = Date.now(),
): Promise<void> {
  if (order.closed) throw conflict(closedMessage(order));
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    const line = await trx
      .selectFrom('order_lines')
      .select(['product_id'])
      .where('order_id', '=', order.id)
      .where('line_no', '=', input.lineNo)
      .executeTakeFirst();
    if (!line) throw notFound('This watch is not in the order.');
    const existing = await trx
      .selectFrom('reviews')
      .select(['id', 'photos', 'status', 'created_at'])
      .where('order_id', '=', order.id)
      .where('line_no', '=', input.lineNo)
      .executeTakeFirst();
    if (existing && Date.parse(editableUntil(existing.created_at, config)) <= now) throw conflict(NOT_EDITABLE);
    const had = parseJsonList<string>(existing?.photos);
    const kept = input.keepPhotos.filter((id, i, all) => had.includes(id) && all.indexOf(id) === i);
    const photos = [...kept, ...newPhotos];
    if (new Set(photos).size !== photos.length) throw conflict(SAME_PHOTO, { photos: SAME_PHOTO });
    if (photos.length > REVIEW_PHOTOS_MAX) {
      throw new AppError(400, 'invalid', `At most ${REVIEW_PHOTOS_MAX} photos`, {
        photos: `At most ${REVIEW_PHOTOS_MAX} photos`,
      });
    }
    const id = existing?.id ?? newId(now);
    const values = {
      stars: input.stars,
      title: input.title,
      body: input.text,
      display_name: input.displayName,
      photos: toJson(photos),
      has_photos: photos.length > 0 ? 1 : 0,
      // A change is read again before it shows: a published review leaves the page until then.
      status: 'pending',
      reject_reason: null,
      updated_at: at,
    };
    if (existing) {
      await trx.updateTable('reviews').set(values).where('id', '=', id).execute();
      await trx.deleteFrom('review_photos').where('review_id', '=', id).execute();
    } else {
      await trx
        .insertInto('reviews')
        .values({
          id,
          order_id: order.id,
          line_no: input.lineNo,
          product_id: line.product_id,
          user_id: order.userId,
          created_at: at,
          ...values,
        })
        .execute();
    }
    for (const image of photos) {
      try {
        await trx.insertInto('review_photos').values({ image_id: image, review_id: id }).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(SAME_PHOTO, { photos: SAME_PHOTO });
        throw err;
      }
    }
    if (existing?.status === 'published') await recountProduct(trx, line.product_id);
  });
}
