/**
 * A watch with 10,000 published reviews (issue 38): the product page carries one page of them (ten)
 * whatever the count, so its bytes stay what a page of ten costs, and the summary still counts
 * every rating (the distribution and the JSON-LD's aggregateRating). Hostile text in a review stays
 * text in the page's embedded answer and structured data: no element, no script end, no line of its own.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../common/catalog.ts';
import { REVIEWS_PER_PAGE } from '../../common/review-rules.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { addProduct } from '../test-support/products.ts';
import { insertPublishedReviews } from '../test-support/reviews.ts';
import { bareWebBuild } from '../test-support/web-build.ts';

const HOSTILE = '</script><script>alert(1)</script> \u202Egnp.exe <img src=x onerror=alert(2)>';
const photo = (i: number) => (i % 36).toString(36).repeat(32);

describe.each(TEST_DIALECTS)('a product page with many reviews on %s', (dialect) => {
  let t: TestApp;
  const web = bareWebBuild();
  const page = async (id: string, name: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: productPath({ id, name }) + query });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const jsonLd = (html: string) =>
    JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null');

  const MANY = 10_000;
  let few: { id: string; name: string };
  let many: { id: string; name: string };
  beforeAll(async () => {
    t = await createTestApp({ dialect, webDistDir: web.dir, env: { PUBLIC_URL: 'https://shop.example.in' } });
    few = { ...(await addProduct(t.app.db, { name: 'Few Reviews Watch' })), name: 'Few Reviews Watch' };
    many = { ...(await addProduct(t.app.db, { name: 'Many Reviews Watch' })), name: 'Many Reviews Watch' };
    const review = (i: number) => ({
      stars: (i % 5) + 1,
      title: i === 0 ? HOSTILE : `Review number ${i}`,
      body: `Written by buyer ${i}. ${'Good watch. '.repeat(8)}`,
      displayName: `Buyer ${i}`,
      photos: i % 3 === 0 ? [photo(i)] : [],
      reply: i % 7 === 0 ? 'Thank you!' : null,
    });
    await insertPublishedReviews(t.app.db, few.id, REVIEWS_PER_PAGE, review);
    // Issue 38's abuse case: 10,000 reviews on one watch.
    await insertPublishedReviews(t.app.db, many.id, MANY, review);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it('carries one page of reviews whatever the count: its bytes stay those of ten reviews', async () => {
    const small = await page(few.id, few.name);
    const big = await page(many.id, many.name);
    const gz = (html: string) => gzipSync(html).length;
    // The same ten-review page, with larger counts in it: a few bytes, never 9,990 more reviews.
    expect(gz(big) - gz(small)).toBeLessThan(300);
    const data = jsonLd(big);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3,
      reviewCount: MANY,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(REVIEWS_PER_PAGE);
    const answer = await t.app.inject({ method: 'GET', url: `/api/products/${many.id}/reviews` });
    expect(answer.json()).toMatchObject({
      count: MANY,
      pages: MANY / REVIEWS_PER_PAGE,
      distribution: Array(5).fill(MANY / 5),
    });
    // The last page holds the oldest, the hostile one among them.
    const last = await page(many.id, many.name, `?reviews-page=${MANY / REVIEWS_PER_PAGE}`);
    expect(jsonLd(last).review.map((r: { name: string }) => r.name)).toContain(HOSTILE);
  });

  it('keeps hostile text as text in the embedded answer and the structured data', async () => {
    const html = await page(many.id, many.name, '?reviews-page=100');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    // Exactly the page's own script elements close: the review's "</script>" is escaped.
    const opened = html.match(/<script\b/g)?.length ?? 0;
    const closed = html.match(/<\/script>/g)?.length ?? 0;
    expect(closed).toBe(opened);
  });

  it('puts reviews with photos first when the address asks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${many.id}/reviews?sort=photos` });
    const items = res.json().items as Array<{ photos: string[] }>;
    expect(items.every((r) => r.photos.length === 1)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${many.id}/reviews?sort=best` })).statusCode).toBe(
      400,
    );
  });
});
