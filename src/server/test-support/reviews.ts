/**
 * Reviews written straight into the database, for the page tests and the benchmark (a thousand
 * reviews through the link and the queue would take minutes): each as a buyer's review of one
 * order line, then the product's stars counted by the real code (reviews/moderation.ts
 * recountProduct).
 */
import type { ReviewStatus } from '../../common/review-rules.ts';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { recountProduct } from '../reviews/moderation.ts';

export interface ReviewSeed {
  stars: number;
  title: string;
  body: string;
  displayName: string;
  photos?: string[];
  reply?: string | null;
  /** Published unless said. */
  status?: ReviewStatus;
  /** The review's time; from 2026-01-01, a minute apart, when absent. */
  at?: number;
  /** The order line reviewed (its order id); a made-up one per review when absent. */
  orderId?: string;
}

/** Inserts `count` reviews of `productId`, `make(i)` each (published unless it says); in batches, then one recount. */
export async function insertReviews(
  db: Db,
  productId: string,
  count: number,
  make: (i: number) => ReviewSeed,
): Promise<string[]> {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const ids: string[] = [];
  for (let from = 0; from < count; from += 200) {
    const rows = Array.from({ length: Math.min(200, count - from) }, (_, k) => {
      const i = from + k;
      const r = make(i);
      const time = r.at ?? start + i * 60_000;
      const at = new Date(time).toISOString();
      const id = newId(time);
      ids.push(id);
      return {
        id,
        order_id: r.orderId ?? `seed-order-${productId}-${i}`,
        line_no: 1,
        product_id: productId,
        user_id: 'seed-user',
        stars: r.stars,
        title: r.title,
        body: r.body,
        display_name: r.displayName,
        photos: JSON.stringify(r.photos ?? []),
        has_photos: (r.photos ?? []).length > 0 ? 1 : 0,
        status: r.status ?? 'published',
        reply: r.reply ?? null,
        created_at: at,
        updated_at: at,
        moderated_at: at,
      };
    });
    await db.insertInto('reviews').values(rows).execute();
  }
  await db.transaction().execute((trx) => recountProduct(trx, productId));
  return ids;
}

/** Inserts `count` published reviews of `productId`, `make(i)` each. */
export async function insertPublishedReviews(
  db: Db,
  productId: string,
  count: number,
  make: (i: number) => ReviewSeed,
): Promise<void> {
  await insertReviews(db, productId, count, (i) => ({ ...make(i), status: 'published' }));
}
