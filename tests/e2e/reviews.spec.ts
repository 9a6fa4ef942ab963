/**
 * Verified reviews (issue 38; docs/product.md#reviews): a delivered order's mail links to its
 * review page, which needs no log-in and works without the script; a review with photos is sent,
 * the owner publishes it and replies from REVIEWS, a one-star review counts and shows, a rejected
 * review's writer reads the reason on the link, and the product page and its card show the real
 * average and count, with Review and AggregateRating in its structured data. axe reports nothing on
 * the new screens.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { adminLogin, watchPicture } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { E2E_ADMIN, stableProducts, uniquePhone } from './fixtures.ts';
import { expectFits, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

const ADDRESS = '4, Lake Road, near Post Office, Nashik - 422001, Maharashtra';
const RUN = Date.now();
/** A phone's photo is larger; the store refuses one under REVIEW_PHOTO_MIN_PX (480) a side. */
const PHOTO_PX = 960;
const runColour = (n: number) => `#${((RUN * 7919 * n) % 0xffffff).toString(16).padStart(6, '0')}`;

/** A watch of this journey's own, so its stars are the journey's reviews alone. */
async function journeyWatch(owner: APIRequestContext, image: string): Promise<{ id: string; name: string }> {
  const name = `Journey Review Watch ${Date.now() % 100_000}`;
  const res = await owner.post('/api/admin/products', {
    data: {
      name,
      category: 'women watch',
      brand: 'Titan',
      price: 4999,
      discountPrice: 3999,
      description: 'A watch for the reviews journey.',
      images: [image],
      countryOfOrigin: 'India',
      stockCount: 50,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product;
}

/** A shopper who orders the watch; the owner takes the advance and marks it delivered. The mail's link. */
async function deliveredOrder(browser: Browser, owner: APIRequestContext, productId: string, name: string) {
  const phone = uniquePhone();
  const email = `review-${phone}@example.in`;
  const context = await browser.newContext();
  const shopper = context.request;
  expect(
    (
      await shopper.post('/api/signup', {
        data: { name, number: phone, email, address: ADDRESS, password: 'reviews-pass-1' },
      })
    ).status(),
  ).toBe(201);
  const placed = await shopper.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()).order as { number: string };
  expect(
    (await owner.post(`/api/admin/orders/${number}/advance`, { data: { action: 'received', note: '' } })).status(),
  ).toBe(200);
  expect((await owner.patch(`/api/admin/orders/${number}/state`, { data: { state: 'delivered' } })).status()).toBe(200);
  await context.close();
  const mail = await expectMail(email, `How is your watch? Review order ${number}`);
  const url = /Write your review: (\S+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`the mail has no review link:\n${mail.text}`);
  return { number, email, path: new URL(url).pathname };
}

test('a delivered order’s link leads to a review with photos; the owner publishes, replies, rejects; the page shows it', async ({
  page,
  browser,
}) => {
  test.slow();
  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  expect((await owner.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  // The listing's cards carry their pictures (fixtures' Card names only what other journeys read).
  const [seeded] = (await stableProducts(page.request)) as Array<{ images?: string[] }>;
  const picture = seeded?.images?.[0];
  if (!picture) throw new Error('the seeded catalogue has no watch with a picture');
  const watch = await journeyWatch(owner, picture);

  // 1. Without the script and without a log-in: the link's page and its form, with two photos.
  const first = await deliveredOrder(browser, owner, watch.id, 'Meera Joshi');
  expect(first.path).toMatch(new RegExp(`^/review/${first.number}/[A-Za-z0-9_-]{24}$`));
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await bare.newPage();
  await noScript.goto(first.path);
  await expect(noScript.getByRole('heading', { name: 'Review your watches' })).toBeVisible();
  await expect(noScript.getByRole('heading', { name: watch.name })).toBeVisible();
  await expect(noScript.getByLabel('Name shown with your review')).toHaveValue('Meera J.');
  await viewportShots(noScript, 'reviews-link-no-script');
  await noScript.getByLabel('5 stars: excellent').check();
  await noScript.getByLabel('Title', { exact: true }).fill('Elegant and light');
  await noScript.getByLabel('Your review', { exact: true }).fill('Looks better than the pictures.\nArrived in 3 days.');
  await noScript
    .getByLabel('Photos (up to 4, optional)')
    // Colours of this run: a picture is taken once in the whole shop, so a rerun on the same server needs new ones.
    .setInputFiles([
      await watchPicture('wrist.png', runColour(1), PHOTO_PX),
      await watchPicture('box.png', runColour(2), PHOTO_PX),
    ]);
  await noScript.getByRole('button', { name: 'Send my review' }).click();
  await expect(noScript.getByText('Thank you! Your review is saved.')).toBeVisible();
  await expect(noScript.getByText(/Waiting for the shop to read it/)).toBeVisible();
  await viewportShots(noScript, 'reviews-link-sent', noScript.getByText('Thank you! Your review is saved.'));
  await bare.close();

  // 2. With the script: a one-star review, and a review that breaks the rules.
  const second = await deliveredOrder(browser, owner, watch.id, 'Ravi Kulkarni');
  await page.goto(second.path);
  await page.getByLabel('1 star: poor').check();
  await page.getByLabel('Title', { exact: true }).fill('Strap broke in a week');
  await page.getByLabel('Your review', { exact: true }).fill('The watch is fine but the strap broke.');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText('Thank you! Your review is saved.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectFits(page);

  const third = await deliveredOrder(browser, owner, watch.id, 'Spam Sender');
  await page.goto(third.path);
  await page.getByLabel('4 stars: very good').check();
  await page.getByLabel('Title', { exact: true }).fill('Buy cheap watches at example.com');
  await page.getByLabel('Your review', { exact: true }).fill('Visit example.com for offers');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText('Thank you! Your review is saved.')).toBeVisible();

  // 3. The owner's REVIEWS queue: publish two, reply to one, reject the third with its reason.
  // A context of its own: the API owner above is logged in already, so it would never see the form.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin, '/dashboard');
  const toRead = admin.getByRole('link', { name: /reviews? to read/ });
  await expect(toRead).toBeVisible();
  // The menu's REVIEWS link carries the count Needs you shows (issue 37): "REVIEWS, 3 waiting".
  const waiting = Number((await toRead.locator('strong').textContent()) ?? '');
  expect(waiting).toBeGreaterThan(0);
  await admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: `REVIEWS, ${waiting} waiting`, exact: true })
    .click();
  await expect(admin.getByRole('heading', { name: 'Elegant and light' })).toBeVisible();
  await viewportShots(admin, 'reviews-admin-queue');
  expect(await axeViolations(admin)).toEqual([]);
  for (const title of ['Elegant and light', 'Strap broke in a week']) {
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText(`The review “${title}” is published`)).toBeVisible();
  }
  const spam = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Buy cheap watches at example.com' }) });
  await spam.getByRole('button', { name: 'Reject…' }).click();
  await spam.getByLabel('The rule it breaks (its writer is told)').selectOption('off-topic');
  await spam.getByRole('button', { name: 'Reject the review' }).click();
  await expect(admin.getByText(/is rejected; its writer is told why/)).toBeVisible();
  await admin.getByRole('button', { name: 'Published' }).click();
  const published = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Elegant and light' }) });
  await published.getByRole('button', { name: 'Reply in public' }).click();
  await published.getByLabel('Your reply, shown under the review').fill('Thank you, Meera! Enjoy the watch.');
  await published.getByRole('button', { name: 'Save the reply' }).click();
  await expect(admin.getByText('Your reply is shown under the review')).toBeVisible();
  await viewportShots(admin, 'reviews-admin-published');

  // 4. The rejected review's writer is told, and reads the reason on the link.
  await expectMail(third.email, `Your review of order ${third.number} was not published`);
  await page.goto(third.path);
  await expect(page.getByText('Not published.')).toBeVisible();
  await expect(page.getByText(/It is off-topic: advertising, links or text unrelated/)).toBeVisible();
  await viewportShots(page, 'reviews-link-rejected', page.getByText('Not published.'));

  // 5. The product page: the average and count of both published ratings, the one star among them,
  // the photos and the reply; sorted with photos first by a link; structured data from them alone.
  await page.goto(`/${watch.id}/${encodeURIComponent(watch.name)}`);
  const reviews = page.getByRole('region', { name: 'Reviews from buyers' });
  await expect(reviews.getByText('3.0')).toBeVisible();
  await expect(reviews.getByText('out of 5 from 2 reviews by buyers')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Strap broke in a week' })).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Rated 1 out of 5' })).toBeVisible();
  await expect(reviews.getByText('Thank you, Meera! Enjoy the watch.')).toBeVisible();
  await expect(reviews.getByText('Buy cheap watches')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Rated 3.0 out of 5 from 2 reviews' }).first()).toBeVisible();
  await reviews.getByRole('link', { name: 'With photos first' }).click();
  await expect(page).toHaveURL(/\?reviews=photos#reviews$/);
  await expect(reviews.locator('.review-card').first()).toContainText('Elegant and light');
  await expect(reviews.getByRole('img', { name: /The watch as Meera J\. received it, 1 of 2/ })).toBeVisible();
  await viewportShots(page, 'reviews-product', reviews);
  expect(await axeViolations(page)).toEqual([]);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 3, reviewCount: 2 });
  expect(
    jsonLd.review.map((r: { reviewRating: { ratingValue: number } }) => r.reviewRating.ratingValue).sort(),
  ).toEqual([1, 5]);

  // 6. The card in the listing shows the same average and count.
  await page.goto('/product/women-watch');
  const card = page.getByRole('listitem').filter({ hasText: watch.name });
  await expect(card.getByRole('img', { name: 'Rated 3.0 out of 5 from 2 reviews' })).toBeVisible();
  await viewportShots(page, 'reviews-card', card);
  await adminContext.close();
  await ownerContext.close();
});
