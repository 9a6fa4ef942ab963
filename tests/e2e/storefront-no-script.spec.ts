/**
 * Without JavaScript (a slow phone before the script arrives, a crawler, a browser with it
 * off) the server's HTML is the whole shop window: home, listings with ?page=N, product
 * pages and search results, by plain links and forms (docs/decisions/022-server-rendering.md).
 */
import type { Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test.use({ javaScriptEnabled: false });

const rupees = (text: string) => Number(text.replace(/[^0-9]/g, ''));

/**
 * Every picture on the page has its address in the server's HTML and has loaded: none is an
 * empty frame waiting for the app (without JavaScript the browser loads lazy pictures at once).
 */
async function expectPicturesShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => !img.getAttribute('src') || !img.complete || img.naturalWidth === 0)
          .map((img) => img.outerHTML.slice(0, 120)),
      ),
    )
    .toEqual([]);
}

test('without JavaScript: home → a listing’s page 2 → a product → search results', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(page.locator('.product-card').first()).toBeVisible();
  // Banners, cards, reels and reviews.
  await expect(page.locator('.reel-card img').first()).toBeVisible();
  await expectPicturesShown(page);
  await screenshots(page, 'no-script-home');

  // The category cards are links: the men's card's brand popup needs the app, its listing does not.
  await page
    .getByRole('link', { name: /Celebrity Watch/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/celebrity-watch$/);
  await expect(page.locator('.product-card').first()).toBeVisible();

  await page.goto('/product');
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.locator('.product-grid > li')).toHaveCount(40);
  await expect(page.getByText(/Showing 1–40 of/)).toBeVisible();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/product\?page=2$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing 41–/)).toBeVisible();
  await screenshots(page, 'no-script-listing-page-2');

  const card = page.locator('.product-card').first();
  const name = (await card.locator('.product-card-name').getAttribute('title')) ?? '';
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('.product-info .price, .product .price').first()).toBeVisible();
  // ADD TO CART is a form without the script (decision 034; add-to-cart-first-paint.spec.ts uses it).
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  // The related watches are in the server's HTML, links to their pages.
  const related = page.getByRole('region', { name: 'Related products' });
  await related.scrollIntoViewIfNeeded();
  await expect(related.locator('.product-card').first()).toBeVisible();
  await expect(related.getByRole('link').first()).toHaveAttribute('href', /^\/[0-9a-z]{20}\//);
  await expectPicturesShown(page);
  await screenshots(page, 'no-script-product');

  // The navigation bar's search box is a GET form to /explore?q=, which the server answers.
  await page.getByRole('searchbox', { name: 'Search watches' }).first().fill('rolex');
  await page.getByRole('searchbox', { name: 'Search watches' }).first().press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=rolex$/);
  await expect(page.getByRole('heading', { name: 'Searched Products' })).toBeVisible();
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await expectPicturesShown(page);
  await screenshots(page, 'no-script-search');
});

test('without JavaScript: the sort links and the Brand form work, kept in the address', async ({ page }) => {
  // Sort and brand are a link and a GET form (docs/decisions/032-controls-in-the-address.md).
  await page.goto('/product/men-watch');
  await page.getByRole('link', { name: 'lowest - highest' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-asc$/);
  await expect(page.getByRole('link', { name: 'lowest - highest' })).toHaveAttribute('aria-current', 'true');
  const ascending = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.getByLabel('Brand').selectOption('Rolex');
  await page.getByRole('button', { name: 'Show' }).click();
  // The brand's own listing, still sorted.
  await expect(page).toHaveURL(/\/product\/men-watch\/rolex\?sort=price-asc$/);
  await expect(page.getByLabel('Brand')).toHaveValue('Rolex');
  const names = await page.locator('.product-card-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('Rolex');
  const prices = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expectPicturesShown(page);
  await screenshots(page, 'no-script-listing-brand-sorted');

  // All brands again, the sort kept.
  await page.getByLabel('Brand').selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-asc$/);
});

test('without JavaScript: a product’s thumbnails show its other pictures', async ({ page, request }) => {
  const list = (await (await request.get('/api/products')).json()) as {
    items: Array<{ id: string; name: string; images: string[] }>;
  };
  const watch = list.items.find((p) => p.images.length > 1);
  if (!watch) throw new Error('the seeded catalogue has no watch with several pictures');
  await page.goto(productPath(watch));
  await expect(page.locator('.product-thumbs img')).toHaveCount(watch.images.length);
  await expectPicturesShown(page);
  // A specification row the owner left empty (the upload form's default rows) is not listed as "—".
  await expect(page.locator('.product-specs dd').filter({ hasText: /^\s*—?\s*$/ })).toHaveCount(0);
  await screenshots(page, 'no-script-product-thumbnails');
});

test('without JavaScript: the cart and your orders say they need it, with no loader spinning', async ({ page }) => {
  // The account forms work without it (account-forms-without-script.spec.ts).
  for (const path of ['/cart', '/orders']) {
    await page.goto(path);
    // Playwright's text search skips <noscript>, so the note is found by its class.
    await expect(page.locator('.noscript-note')).toBeVisible();
    await expect(page.locator('.noscript-note')).toContainText('This page needs JavaScript.');
    await expect(page.locator('.loader-overlay')).toBeHidden();
    await expect(page.locator('main form')).toBeHidden();
  }
  await screenshots(page, 'no-script-orders');
});
