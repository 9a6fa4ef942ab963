/**
 * The owner's REVIEWS queue (docs/product.md#reviews; issue 38): publish, reject with one of the
 * policy's reasons (the writer is told, messages.ts, in the same transaction), and a public reply.
 * There is no way to change a review's words or stars: the shop may only publish or reject by the
 * stated rules, and a low rating is no reason (REJECT_REASONS has none).
 *
 * recountProduct keeps products.stars and reviews_count the average and count of the published
 * reviews, in the transaction that changes them, and moves the catalogue version on
 * (catalog/search/index-writer.ts) so every cached card and page shows the new figures. Cards then
 * read two columns as before: a listing costs what it did (bench/suites).
 */
import type { Kysely, Transaction } from 'kysely';
import { REJECT_REASONS, type RejectReason } from '../../common/review-rules.ts';
import type { AdminReview } from '../../common/schemas/review.ts';
import { refreshSearchIndex } from '../catalog/search/index-writer.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { queueReviewMessage } from './messages.ts';
import { findAdminReview } from './queries.ts';

export const REVIEW_NOT_FOUND = 'This review does not exist.';

type Trx = Kysely<Database> | Transaction<Database>;

/** The product's stars and count from its published reviews (two decimals: what the float column keeps). */
export async function recountProduct(trx: Trx, productId: string): Promise<void> {
  const row = await trx
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('stars').as('total')])
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  const average = count > 0 ? Math.round((Number(row.total) / count) * 100) / 100 : 0;
  await trx.updateTable('products').set({ stars: average, reviews_count: count }).where('id', '=', productId).execute();
  await refreshSearchIndex(trx, productId);
}

async function moderate(
  db: Db,
  id: string,
  change: (
    trx: Transaction<Database>,
    review: { order_id: string; product_id: string; status: string },
  ) => Promise<void>,
): Promise<AdminReview> {
  await db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('reviews')
      .select(['order_id', 'product_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    await change(trx, review);
  });
  const saved = await findAdminReview(db, id);
  if (!saved) throw notFound(REVIEW_NOT_FOUND);
  return saved;
}

export function publishReview(db: Db, id: string, now = Date.now()): Promise<AdminReview> {
  return moderate(db, id, async (trx, review) => {
    await trx
      .updateTable('reviews')
      .set({ status: 'published', reject_reason: null, moderated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    if (review.status !== 'published') await recountProduct(trx, review.product_id);
  });
}

/** Rejects by one of the policy's reasons; the writer is told that reason (WhatsApp or mail). */
export function rejectReview(
  db: Db,
  config: Config,
  id: string,
  reason: RejectReason,
  now = Date.now(),
): Promise<AdminReview> {
  return moderate(db, id, async (trx, review) => {
    await trx
      .updateTable('reviews')
      .set({ status: 'rejected', reject_reason: reason, moderated_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    if (review.status === 'published') await recountProduct(trx, review.product_id);
    await queueReviewMessage(trx, config, 'review-rejected', review.order_id, REJECT_REASONS[reason]);
  });
}

/** The shop's public answer, shown under the review; the review itself is untouched. */
export function replyToReview(db: Db, id: string, reply: string, now = Date.now()): Promise<AdminReview> {
  return moderate(db, id, async (trx, review) => {
    await trx
      .updateTable('reviews')
      .set({ reply, replied_at: nowIso(now) })
      .where('id', '=', id)
      .execute();
    // The product's reviews are part of its cached page: a reply shows once the version moves.
    if (review.status === 'published') await refreshSearchIndex(trx, review.product_id);
  });
}
