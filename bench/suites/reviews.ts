/**
 * Issue 38, reviews at scale, on a private copy of the bench catalogue with the web build:
 *
 * 1. The listing's throughput with real averages: GET /api/products (the listing of the API
 *    benchmark, 40 cards) at 50 connections (after one unmeasured run) on the catalogue as seeded (no published review), then
 *    again, in the same store process, after every watch of the listing's category has published
 *    reviews and its stars and count were recounted by the reviews module's own rule
 *    (reviews/moderation.ts recountProduct). Target: with reviews ≥ 90% of without.
 * 2. A product page with 1,000 published reviews (a quarter with photos): the server's time for the
 *    page (rendered on the server with its first page of reviews embedded, pages/catalog-heads.ts)
 *    and for its reviews API, warm (the answer cached) and cold (the first request after the
 *    catalogue version moved, as after any publish), beside the same watch before it had any; and
 *    the page's bytes: one page of reviews whatever the count, so the 1,000 add what ten add.
 */
import { gzipSync } from 'node:zlib';
import { API_PREFIX } from '../../src/common/api-contract.ts';
import { categoryFromSlug, productPath } from '../../src/common/catalog.ts';
import { productReviewsApiPath } from '../../src/common/review-api.ts';
import { REVIEWS_PER_PAGE } from '../../src/common/review-rules.ts';
import { refreshSearchIndex } from '../../src/server/catalog/search/index-writer.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { parseJsonList } from '../../src/server/db/json.ts';
import { mulberry32 } from '../../src/server/seed/random.ts';
import { insertPublishedReviews } from '../../src/server/test-support/reviews.ts';
import { CONNECTIONS } from '../lib/against-limit.ts';
import { copyDataDir, seededDataDir } from '../lib/catalogue.ts';
import { LISTING_CATEGORY, storeEndpoints } from '../lib/endpoints.ts';
import { cannon, get } from '../lib/load.ts';
import type { BenchOptions } from '../lib/options.ts';
import { startStore } from '../lib/server.ts';
import { fixed, kb, median, percent, percentile, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';
import { timedGet } from '../lib/ttfb.ts';
import { webBuild } from '../lib/web-build.ts';
import { BROWSER_ENCODING } from './api.ts';

/** Issue 38: the listing with real averages keeps at least this share of its throughput. */
export const LISTING_WITH_REVIEWS_SHARE = 0.9;
export const MANY_REVIEWS = 1_000;
/** What one page of ten reviews may add to the product page (gzip); the count never adds more. */
export const REVIEW_PAGE_ADDS = 8 * 1024;
/** Timed requests per case (after WARM unmeasured ones). */
const TIMED = 40;
const WARM = 10;
const COLD = 20;

export interface ReviewsPageRow {
  case: string;
  reviews: number;
  warmMs: number;
  warmP99Ms: number;
  coldMs: number;
  htmlGzip: number;
}

export interface ReviewsResult {
  listingBefore: number;
  listingAfter: number;
  share: number;
  /** Watches of the listing's category given reviews, and the reviews written. */
  reviewedProducts: number;
  reviewsWritten: number;
  pages: ReviewsPageRow[];
}

const HTML = { accept: 'text/html', ...BROWSER_ENCODING };

/** Median 2xx requests/s of the listing over the runs, after one unmeasured run (JIT, cache). */
async function listingRate(url: string, options: BenchOptions): Promise<number> {
  await cannon(url, { connections: CONNECTIONS, seconds: options.seconds });
  const rates: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    rates.push((await cannon(url, { connections: CONNECTIONS, seconds: options.seconds })).rps);
  }
  return median(rates);
}

export async function benchReviews(options: BenchOptions): Promise<ReviewsResult> {
  const [webDir, source] = await Promise.all([webBuild(), seededDataDir(options.catalogue)]);
  const dataDir = copyDataDir(source);
  const store = await startStore({
    dataDir,
    entry: 'bench/lib/web-store-entry.ts',
    env: { BENCH_WEB_DIST: webDir },
    label: 'the store for the reviews benchmark',
  });
  // The benchmark's own handle on the same SQLite file: it writes the reviews as moderation would.
  const { db } = openDatabase({ sqlitePath: `${dataDir}/store.sqlite` });
  try {
    const endpoints = await storeEndpoints(store.url);
    const listingUrl = store.url + endpoints.listing.path;
    const watch = endpoints.sample;
    const pageUrl = store.url + productPath(watch);
    const apiUrl = `${store.url}${API_PREFIX}${productReviewsApiPath(watch.id, 'newest', 1)}`;

    /** Moves the catalogue version on, as a publish does, so the next answer is made afresh. */
    const moveVersion = () => db.transaction().execute((trx) => refreshSearchIndex(trx, watch.id));

    const timePage = async (label: string, reviews: number): Promise<ReviewsPageRow[]> => {
      const rows: ReviewsPageRow[] = [];
      for (const [what, url, headers] of [
        ['page', pageUrl, HTML],
        ['reviews API', apiUrl, BROWSER_ENCODING],
      ] as const) {
        const warm: number[] = [];
        for (let i = -WARM; i < TIMED; i++) {
          const t = await timedGet(url, headers);
          if (t.status !== 200) throw new Error(`GET ${url} answered ${t.status}`);
          if (i >= 0) warm.push(t.totalMs);
        }
        const cold: number[] = [];
        for (let i = 0; i < COLD; i++) {
          await moveVersion();
          const t = await timedGet(url, headers);
          if (t.status !== 200) throw new Error(`GET ${url} answered ${t.status}`);
          cold.push(t.totalMs);
        }
        const body = (await get(url, { accept: what === 'page' ? 'text/html' : 'application/json' })).body;
        rows.push({
          case: `${label}: ${what}`,
          reviews,
          warmMs: median(warm),
          warmP99Ms: percentile(warm, 99),
          coldMs: median(cold),
          htmlGzip: gzipSync(body, { level: 9 }).length,
        });
      }
      return rows;
    };

    progress('reviews: the listing and the watch before any review');
    const listingBefore = await listingRate(listingUrl, options);
    const before = await timePage('no review', 0);

    progress(`reviews: writing ${MANY_REVIEWS.toLocaleString('en-US')} reviews on one watch and some on every other`);
    const written = await writeReviews(db, watch.id);

    progress('reviews: the listing and the watch with its reviews');
    const listingAfter = await listingRate(listingUrl, options);
    const after = await timePage(`${MANY_REVIEWS.toLocaleString('en-US')} reviews`, MANY_REVIEWS);
    const listed = (await (await fetch(listingUrl)).json()) as { items: Array<{ reviewsCount: number }> };
    if (!listed.items.every((card) => card.reviewsCount > 0))
      throw new Error('the listing’s cards do not carry the reviews written: the benchmark measured nothing new');

    const result: ReviewsResult = {
      listingBefore,
      listingAfter,
      share: listingBefore > 0 ? listingAfter / listingBefore : 0,
      reviewedProducts: written.products,
      reviewsWritten: written.reviews,
      pages: [...before, ...after],
    };
    printReviews(result, options);
    return result;
  } finally {
    await db.destroy();
    await store.stop();
  }
}

type BenchDb = ReturnType<typeof openDatabase>['db'];

/**
 * MANY_REVIEWS published reviews on `manyOn` (a quarter with its own first picture as a photo) and
 * one to five on every other watch of the listing's category, each watch then recounted by the
 * reviews module's rule (test-support/reviews.ts insertReviews calls moderation.ts recountProduct).
 * Stars lean to 4 and 5 as a shop's do; every one counts.
 */
async function writeReviews(db: BenchDb, manyOn: string): Promise<{ products: number; reviews: number }> {
  const random = mulberry32(38);
  const stars = () => [1, 2, 3, 4, 4, 5, 5, 5][Math.floor(random() * 8)] ?? 5;
  const watches = await db
    .selectFrom('products')
    .select(['id', 'images'])
    .where('category', '=', categoryFromSlug(LISTING_CATEGORY) ?? LISTING_CATEGORY)
    .where('deleted_at', 'is', null)
    .execute();
  if (!watches.some((w) => w.id === manyOn)) throw new Error('the sample watch is not in the listing’s category');
  let reviews = 0;
  for (const w of watches) {
    const count = w.id === manyOn ? MANY_REVIEWS : 1 + Math.floor(random() * 5);
    const photo = parseJsonList<string>(w.images).slice(0, 1);
    await insertPublishedReviews(db, w.id, count, (i) => ({
      stars: stars(),
      title: `Review ${i + 1} of this watch`,
      body: 'Keeps good time, the strap is comfortable, and it came well packed. '.repeat(2).trim(),
      displayName: `Buyer ${i + 1}`,
      photos: w.id === manyOn && i % 4 === 0 ? photo : [],
    }));
    reviews += count;
  }
  return { products: watches.length, reviews };
}

function printReviews(r: ReviewsResult, options: BenchOptions): void {
  printTable(
    `15. Reviews: the listing with real averages, and a watch with ${MANY_REVIEWS.toLocaleString('en-US')} reviews (${options.catalogue.toLocaleString('en-US')} products)`,
    [
      {
        case: `listing at ${CONNECTIONS} connections, no review`,
        'requests/s': whole(r.listingBefore),
      },
      {
        case: `listing, ${r.reviewedProducts.toLocaleString('en-US')} watches with ${r.reviewsWritten.toLocaleString('en-US')} reviews`,
        'requests/s': whole(r.listingAfter),
        'of without': percent(r.share),
      },
    ],
    [`Median of ${options.runs} run(s) of ${options.seconds} s each, back to back in one store process.`],
  );
  printTable(
    'Server time of the product page and its reviews (one request at a time)',
    r.pages.map((p) => ({
      case: p.case,
      'warm median ms': fixed(p.warmMs, 2),
      'warm p99 ms': fixed(p.warmP99Ms, 2),
      'cold median ms': fixed(p.coldMs, 2),
      'gzip bytes': kb(p.htmlGzip),
    })),
    [
      `Warm: ${TIMED} requests after ${WARM} unmeasured, the answer cached. Cold: ${COLD} requests, each the first after the catalogue version moved (as after a publish). Pages carry one page of ${REVIEWS_PER_PAGE} reviews whatever the count.`,
    ],
  );
}
