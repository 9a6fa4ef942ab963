/**
 * Head tags for the home, product and listing URLs (docs/product.md#better-15): the title,
 * description, first image and price a link preview shows, Product structured
 * data, and what the first paint needs: its screen, its largest picture and
 * the API answer the screen starts with (the same cached answer the API sends).
 */

import type { FastifyInstance } from 'fastify';
import { codOfferText } from '../../common/advance.ts';
import { BRANDS, brandFromSlug, categoryFromSlug, listingPath, productPath } from '../../common/catalog.ts';
import {
  HOME_API_PATH,
  latestApiPath,
  listingApiPath,
  listingSearch,
  pageNumber,
  productApiPath,
  relatedApiPath,
  searchApiPath,
  sortFromQuery,
} from '../../common/catalog-api.ts';
import { EXPLORE_LATEST } from '../../common/constants.ts';
import { imageSrcSet, imageUrl } from '../../common/media.ts';
import { formatRupees, groupIndian } from '../../common/money.ts';
import { PAGE } from '../../common/page-paths.ts';
import { fixedTitle, listingHeading, pageTitle, WATCH_NOT_FOUND } from '../../common/page-titles.ts';
import { CARD_PICTURE, HERO_PICTURE, type PictureSlot, PRODUCT_PICTURE } from '../../common/picture-slots.ts';
import { productReviewsApiPath } from '../../common/review-api.ts';
import { reviewSortFromQuery } from '../../common/review-rules.ts';
import type { HomeResponse, ProductPage } from '../../common/schemas/catalog.ts';
import { listingQuerySchema, searchQuerySchema } from '../../common/schemas/catalog.ts';
import type { Product } from '../../common/schemas/product.ts';
import type { ProductReviews } from '../../common/schemas/review.ts';
import { truncate } from '../../common/text.ts';
import { safeDecode } from '../../common/url-path.ts';
import { latestAnswer, listingAnswer, productAnswer, relatedAnswer, searchAnswer } from '../catalog/answers.ts';
import { homeAnswer } from '../home/answer.ts';
import type { CachedJson } from '../http/cached-json.ts';
import { productReviewsAnswer } from '../reviews/queries.ts';
import { defaultHead, type PageAnswer, type PageHead } from './head.ts';
import { staticHead } from './static-heads.ts';
import { homeJsonLd, productJsonLd } from './structured-data.ts';

/** Ids are 20 lowercase base32 characters (db/ids.ts); other two-part paths are not products. */
const PRODUCT_ID = /^[0-9a-z]{20}$/;

/** The picture `id` in `slot`, as the page's preload hint gives it. */
function lcpImage(id: string | undefined, slot: PictureSlot): PageHead['lcpImage'] {
  return id ? { srcset: imageSrcSet(id, slot.widths), sizes: slot.sizes } : undefined;
}

/** A cached API answer as the page embeds it: under its URL, the bytes the API sends. */
function pageAnswer(path: string, answer: CachedJson): PageAnswer {
  return { url: `/api${path}`, body: answer.body };
}

/** A cached API answer as the page embeds it, and its data for the head. */
export function embedded<T>(path: string, answer: CachedJson): { answer: PageAnswer; data: T } {
  return { answer: pageAnswer(path, answer), data: JSON.parse(answer.body) as T };
}

/** A path segment as the web app's router reads it (decoded; a malformed escape kept as written). */
function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function homeHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  if (path !== '/' && path !== '/home') return null;
  const { answer, data } = embedded<HomeResponse>(HOME_API_PATH, await homeAnswer(app.db));
  return {
    ...defaultHead(app, path),
    canonicalPath: '/',
    jsonLd: homeJsonLd(app),
    lcpImage: lcpImage(data.content?.banners[0]?.image, HERO_PICTURE),
    answers: [answer],
  };
}

export async function productHead(
  app: FastifyInstance,
  path: string,
  query: URLSearchParams,
): Promise<PageHead | null> {
  const parts = path.split('/');
  if (parts.length !== 3 || !parts[1] || !parts[2] || !PRODUCT_ID.test(parts[1])) return null;
  const apiPath = productApiPath(parts[1]);
  const answer = await productAnswer(app.db, parts[1]);
  const { name: shop } = app.config.shop;
  if (!answer) {
    return {
      ...defaultHead(app, path),
      title: pageTitle(WATCH_NOT_FOUND, shop),
      description: 'This watch is no longer in the shop. Browse our other watches with cash on delivery across India.',
      canonicalPath: '/product',
      status: 404,
    };
  }
  const { answer: embeddedAnswer, data: product } = embedded<Product>(apiPath, answer);
  const canonical = productPath(product);
  // The name in the URL is decoration: one with another name (an old link after a rename,
  // or a scanner's "watch.bak") is sent to the product's own URL rather than served as a copy.
  if (safeDecode(parts[2]) !== product.name) return { ...defaultHead(app, path), redirect: canonical };
  const related = await relatedAnswer(app.db, product.id);
  // The reviews the page shows, sorted and paged as its address says (links that work without the
  // script: docs/decisions/032-controls-in-the-address.md); the same cached answer the API sends.
  const sort = reviewSortFromQuery(query.get('reviews'));
  const reviewsPage = pageNumber(query.get('reviews-page') ?? '') ?? 1;
  const reviewsPath = productReviewsApiPath(product.id, sort, reviewsPage);
  const reviewsAnswer = await productReviewsAnswer(app.db, product.id, sort, reviewsPage);
  const reviews = reviewsAnswer ? embedded<ProductReviews>(reviewsPath, reviewsAnswer) : null;
  const price =
    product.price > product.discountPrice
      ? `${formatRupees(product.discountPrice)} (MRP ${formatRupees(product.price)})`
      : formatRupees(product.discountPrice);
  return {
    title: pageTitle(product.name, shop),
    description: truncate(`${price}. ${product.description || product.name}`.replace(/\s+/g, ' '), 180),
    canonicalPath: canonical,
    ...(product.images[0] ? { image: imageUrl(product.images[0], 960), imageAlt: product.name } : {}),
    type: 'product',
    jsonLd: productJsonLd(app, product, canonical, reviews?.data ?? null),
    lcpImage: lcpImage(product.images[0], PRODUCT_PICTURE),
    // The related watches too: without them the page (before the script, or without it) showed the
    // "Related products" heading over nothing. Their pictures are lazy, below the first screen.
    answers: [
      embeddedAnswer,
      ...(related ? [pageAnswer(relatedApiPath(product.id), related)] : []),
      ...(reviews ? [reviews.answer] : []),
    ],
  };
}

/**
 * A listing's page as the web app asks for it on arrival (sorted as ?sort= says, by latest
 * by default; the page of ?page=N, or the first: the spec's #N lives in the URL's hash, which
 * the server never sees), read through the API's own query schema.
 */
async function listingPage(
  app: FastifyInstance,
  category: string | undefined,
  brand: string | undefined,
  sort: string,
  page = 1,
) {
  const path = listingApiPath({ category, brand, sort, page });
  const query = listingQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(path.split('?')[1])));
  return query.success ? embedded<ProductPage>(path, await listingAnswer(app.db, query.data)) : null;
}

export async function listingHead(
  app: FastifyInstance,
  path: string,
  query: URLSearchParams,
): Promise<PageHead | null> {
  const parts = path.split('/').filter(Boolean).map(segment);
  if (parts[0] !== 'product' || parts.length > 3) return null;
  const category = parts[1] ? categoryFromSlug(parts[1]) : null;
  const brand = parts[2] ? brandFromSlug(parts[2]) : null;
  const known = (!parts[1] || category) && (!parts[2] || brand);
  const { name: shop } = app.config.shop;
  const page = pageNumber(query.get('page') ?? '') ?? 1;
  const sort = sortFromQuery(query.get('sort'));
  // The Brand filter is a GET form (?brand=Casio, or '' for all): its answer is the brand's own
  // listing, sorted as it was, from page 1 (docs/decisions/032-controls-in-the-address.md).
  const brandAsked = query.get('brand');
  if (brandAsked !== null && category === 'men watch') {
    const picked = BRANDS.find((b) => b.toLowerCase() === brandAsked.trim().toLowerCase()) ?? null;
    return { ...defaultHead(app, path), seeOther: listingPath(category, picked) + listingSearch(sort) };
  }
  const latest = await listingPage(app, parts[1], parts[2], sort, page);
  const firstPaint = {
    lcpImage: lcpImage(latest?.data.items[0]?.images[0], CARD_PICTURE),
    answers: latest ? [latest.answer] : undefined,
  };
  if (!known || !latest) {
    return {
      ...defaultHead(app, path),
      title: pageTitle(listingHeading(null, null), shop),
      canonicalPath: '/product',
      ...firstPaint,
      // Categories and brands are a fixed list: an unknown slug is no page (a crawler or a
      // scanner's "men-watch.bak"), though the screen still shows the shop's watches.
      ...(known ? {} : { status: 404 }),
    };
  }
  const count = latest.data.total;
  const lowest = count > 0 ? (await listingPage(app, parts[1], parts[2], 'price-asc'))?.data.items[0] : undefined;
  const heading = listingHeading(category, brand);
  const from = lowest ? ` from ${formatRupees(lowest.discountPrice)}` : '';
  const first = latest.data.items[0];
  const firstImage = first?.images[0];
  return {
    title: pageTitle(heading, shop),
    description: `${groupIndian(count)} ${category || brand ? heading.toLowerCase() : 'watches'}${from}. ${codOfferText(app.config.codAdvance)}`,
    // A sorted view is the same listing in another order: it names the listing's own page.
    canonicalPath: listingPath(category, brand) + (page > 1 && sort === 'latest' ? `?page=${page}` : ''),
    ...(first && firstImage ? { image: imageUrl(firstImage, 960), imageAlt: first.name } : {}),
    type: 'website',
    ...firstPaint,
  };
}

/**
 * /explore: the newest watches, and with ?q= (the search form without JavaScript, or a
 * shared link) the results of that search, read through the API's own query schema.
 */
export async function searchHead(app: FastifyInstance, path: string, query: URLSearchParams): Promise<PageHead | null> {
  if (path !== PAGE.explore) return null;
  const head = await staticHead(app, path);
  if (!head) return null;
  const latest = embedded<unknown>(latestApiPath(EXPLORE_LATEST), await latestAnswer(app.db, EXPLORE_LATEST));
  const asked = searchQuerySchema.safeParse({ q: query.get('q') ?? '', page: query.get('page') ?? undefined });
  const q = asked.success ? asked.data.q.trim() : '';
  if (!asked.success || !q) return { ...head, answers: [latest.answer] };
  const results = embedded<ProductPage>(
    searchApiPath(q, asked.data.page),
    await searchAnswer(app.db, q, asked.data.page),
  );
  return {
    ...head,
    title: fixedTitle(path, app.config.shop.name, new URLSearchParams({ q }).toString()) ?? head.title,
    lcpImage: lcpImage(results.data.items[0]?.images[0], CARD_PICTURE),
    answers: [results.answer, latest.answer],
  };
}
