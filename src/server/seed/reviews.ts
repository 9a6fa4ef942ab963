/**
 * The demo's reviews (docs/product.md#reviews): the demo shopper reviews each watch of their
 * delivered orders, as a buyer does through the order's link, with a photo of the watch as it
 * came, drawn here and stored like an upload (media/store.ts through storeSvg), and the owner has
 * published them. Each order has its review request, as a delivery gives it (reviews/requests.ts).
 * The product's stars are then counted by the reviews module's own code (recountProduct), so
 * cards and pages show real averages, and the home page's customer pictures are these photos
 * (reviews/queries.ts homePhotoReviews): the shop draws no testimonial of its own.
 */
import { defaultDisplayName } from '../../common/review-rules.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { recountProduct } from '../reviews/moderation.ts';
import { DEMO_SHOPPER, HOUR } from './demo.ts';
import { faceStyle } from './face-styles.ts';
import { buyerPhotoSvg, TABLE_COLOURS } from './home-art.ts';
import type { ImagePool } from './images.ts';
import { runLimited, storeSvg } from './images.ts';
import { int, type Random, seededId } from './random.ts';

/** What the demo buyer wrote, in turn: every rating is published, a three-star one too. */
const WRITTEN: ReadonlyArray<{ stars: number; title: string; body: string }> = [
  {
    stars: 5,
    title: 'Exactly like the pictures',
    body: 'Delivered in four days and I paid the rest in cash on delivery. The dial looks even better in daylight.',
  },
  {
    stars: 5,
    title: 'Gift for my sister, she loves it',
    body: 'Came in a proper box with the warranty card. She wears it every day.',
  },
  {
    stars: 4,
    title: 'Solid build, smooth movement',
    body: 'Heavier than I expected, in a good way. The strap needed one link removed; the shop told me how.',
  },
  {
    stars: 5,
    title: 'They answered every question first',
    body: 'I asked for a video on WhatsApp before ordering and got it in ten minutes. Same watch arrived.',
  },
  {
    stars: 3,
    title: 'Good watch, slow parcel',
    body: 'The watch is fine and keeps time, but the courier took nine days to reach Bengaluru.',
  },
  {
    stars: 5,
    title: 'Packing was excellent',
    body: 'Bubble wrap, a hard box and a sealed pouch. Not a scratch on it.',
  },
  {
    stars: 4,
    title: 'Beautiful dial, strap a bit stiff',
    body: 'The leather softened after a week. Happy with it for the price.',
  },
  {
    stars: 5,
    title: 'Third watch from this shop',
    body: 'Always the same care. The advance was returned against the bill as promised.',
  },
];

/** Writes the demo shopper's published photo reviews; returns how many. None when there are some already. */
export async function seedDemoReviews(
  db: Db,
  media: ObjectStorage,
  random: Random,
  pool: ImagePool,
  now: number,
): Promise<number> {
  const lines = await db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id as order_id',
      'orders.user_id',
      'orders.updated_at',
      'order_lines.line_no',
      'order_lines.product_id',
      'order_lines.image',
    ])
    .where('orders.user_phone', '=', DEMO_SHOPPER.phone)
    .where('orders.status', '=', 'delivered')
    .orderBy('orders.created_at')
    .orderBy('order_lines.line_no')
    .execute();
  if (lines.length === 0) return 0;
  const existing = await db
    .selectFrom('reviews')
    .select('id')
    .where(
      'order_id',
      'in',
      lines.map((l) => l.order_id),
    )
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;

  // Each photo its own picture: the watch of the line (the face its product's picture shows), on
  // a table of its own colour, turned by its own angle.
  const photos = await runLimited(
    lines.map((line, i) => () => {
      const face = pool.styles.get(line.image) ?? faceStyle(random, '', false).style;
      const angle = -24 + ((i * 11) % 48);
      return storeSvg(media, buyerPhotoSvg(face, TABLE_COLOURS[i % TABLE_COLOURS.length] as string, angle));
    }),
  );
  const name = defaultDisplayName(DEMO_SHOPPER.name);
  const rows = lines.map((line, i) => {
    const written = WRITTEN[i % WRITTEN.length] as (typeof WRITTEN)[number];
    const delivered = Date.parse(line.updated_at);
    // Written a day or three after delivery, published within the two days the policy states.
    const writtenAt = Math.min(delivered + int(random, 20, 70) * HOUR, now - HOUR);
    const at = nowIso(writtenAt);
    return {
      id: seededId(random, writtenAt),
      order_id: line.order_id,
      line_no: line.line_no,
      product_id: line.product_id,
      user_id: line.user_id,
      stars: written.stars,
      title: written.title,
      body: written.body,
      display_name: name,
      photos: JSON.stringify([photos[i]]),
      has_photos: 1,
      status: 'published',
      created_at: at,
      updated_at: at,
      moderated_at: nowIso(Math.min(writtenAt + int(random, 2, 40) * HOUR, now)),
    };
  });
  const orders = [...new Map(lines.map((l) => [l.order_id, l.updated_at])).entries()];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('review_requests')
      .values(
        orders.map(([orderId, at]) => ({ order_id: orderId, requested_at: at, reminded_at: null, closed_at: null })),
      )
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
    await trx.insertInto('reviews').values(rows).execute();
    await trx
      .insertInto('review_photos')
      .values(rows.map((r, i) => ({ image_id: photos[i] as string, review_id: r.id })))
      .execute();
    for (const productId of new Set(rows.map((r) => r.product_id))) await recountProduct(trx, productId);
  });
  return rows.length;
}
