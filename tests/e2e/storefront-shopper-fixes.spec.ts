/**
 * What a shopper found on the product page and the listing: the cart message
 * under the buttons (never stretching BUY NOW), the cart's cap said plainly, a
 * real breadcrumb with the tabs' names, a lost connection told apart from a
 * missing watch, and the listing's page number following tabs and odd hashes.
 */
import type { Page } from '@playwright/test';
import { CART_LINE_FULL } from '../../src/common/cart-rules.ts';
import { productPath } from '../../src/common/catalog.ts';
import { CART_QTY_MAX } from '../../src/common/constants.ts';
import { type Card, stableProducts, tapAddToCart, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

/** ADD TO CART and BUY NOW side by side, the same height; the cart's message below both. */
async function expectActionsInOneRow(page: Page): Promise<void> {
  const add = await page.getByRole('button', { name: 'Add to cart' }).boundingBox();
  const buy = await page.getByRole('link', { name: 'Buy now' }).boundingBox();
  const message = await page.locator('.product-actions .message').boundingBox();
  if (!add || !buy || !message) throw new Error('the product actions are missing');
  expect(Math.abs(buy.y - add.y), 'the buttons share a row').toBeLessThan(2);
  expect(Math.abs(buy.height - add.height), 'BUY NOW is as tall as ADD TO CART').toBeLessThan(2);
  expect(message.y, 'the message is under the buttons').toBeGreaterThanOrEqual(add.y + add.height);
}

test('product page: the cart message sits under the buttons at both sizes, and the cap of 10 is said', async ({
  page,
  request,
}) => {
  test.slow(); // eleven adds, at two sizes
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(productPath(product));
    await tapAddToCart(page);
    await expectInView(page.getByText('Added to your cart'));
    await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
    await expectActionsInOneRow(page);
    await expectFits(page);
  }
  await viewportShots(page, 'product-added-to-cart', page.locator('.product-actions'));

  // A visitor's cart: up to 10, then the message says the cart holds the most allowed.
  const count = page.locator('.cart-count');
  for (let n = 3; n <= CART_QTY_MAX; n++) {
    await tapAddToCart(page);
    await expect(count).toHaveText(String(n));
  }
  await tapAddToCart(page);
  await expectInView(page.getByText(CART_LINE_FULL));
  await expect(page.getByText('Added to your cart')).toHaveCount(0);
  await expect(count).toHaveText(String(CART_QTY_MAX));
  await viewportShots(page, 'product-cart-full', page.locator('.product-actions'));

  // A logged-in shopper's cart says the same.
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Kiran Cap',
      number: uniquePhone(),
      email: 'kiran.cap@example.com',
      address: '7, Palm Grove, near Clock Tower, Chennai - 600001, Tamil Nadu',
      password: 'cap-pass-123',
    },
  });
  expect(signup.status()).toBe(201);
  const filled = await page.request.post('/api/cart/items', { data: { productId: product.id, quantity: 10 } });
  expect((await filled.json()).added).toBe(10);
  await page.reload();
  await tapAddToCart(page);
  await expectInView(page.getByText(CART_LINE_FULL));
});

test('product page: a proper breadcrumb with the tabs’ names, and specifications that wrap between words', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/products?category=swizz-eta-watch')).json()) as { items: Card[] };
  const swiss = list.items[0] ?? (await stableProducts(request))[0];
  if (!swiss) throw new Error('the seeded catalogue is empty');
  await page.setViewportSize(PHONE);
  await page.goto(productPath(swiss));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveCount(4);
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/product');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(swiss.name);
  expect(await crumbs.locator('ol').evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('none');
  // Separators drawn between the crumbs, not numbers.
  expect(
    await crumbs
      .getByRole('listitem')
      .nth(1)
      .evaluate((li) => getComputedStyle(li, '::before').content),
  ).toContain('/');
  if (list.items[0]) {
    await expect(crumbs.getByRole('link', { name: 'Swizz ETA Watch' })).toHaveAttribute(
      'href',
      '/product/swizz-eta-watch',
    );
  }
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.locator('.product-related .product-card').first()).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'product-specifications', page.locator('.product-specs'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await viewportShots(page, 'product-breadcrumb');
});

test('product page: a lost connection says the shop could not be reached, with a retry that works', async ({
  page,
  context,
  request,
}) => {
  const [first] = await stableProducts(request);
  if (!first) throw new Error('the seeded catalogue has no watch in stock');
  await page.setViewportSize(PHONE);
  await page.goto(productPath(first));
  await expect(page.locator('#product-name')).toHaveText(first.name);
  const related = page.locator('.product-related .product-card-link').first();
  await expect(related).toBeVisible();
  const nextName = (await related.locator('.product-card-name').getAttribute('title')) ?? '';
  // The related watches are in the server's HTML: before the app runs (it starts after the page's
  // load), a tap on one is the browser's own navigation, which offline shows the browser's error.
  await expect(page.locator('html[data-hydrated]')).toBeAttached();

  // Offline, the shopper opens a related watch.
  await context.setOffline(true);
  await related.click();
  await expect(page.getByRole('heading', { name: 'Could not reach the shop', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watch not found' })).toHaveCount(0);
  await expectInView(page.getByRole('alert').filter({ hasText: /Could not reach the shop/ }));
  await expectFits(page);
  await viewportShots(page, 'product-offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('#product-name')).toBeVisible();
  if (nextName) await expect(page.locator('#product-name')).toHaveText(nextName);
});

test('listing: a tab starts at page 1, an out-of-range page shows the last, a bad hash shows the first', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/product');
  const count = page.locator('.listing-count');
  await expect(count).toHaveText(/^Showing 1–40 of [\d,]+ watches$/);
  const total = Number((await count.textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  const lastPage = Math.ceil(total / 40);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/product#2$/);
  await expect(count).toHaveText(/^Showing 41–/);

  const tabs = page.getByRole('main').getByRole('navigation', { name: 'Categories' });
  await tabs.getByRole('link', { name: 'Men Watch', exact: true }).click();
  await expect(page).toHaveURL(/\/product\/men-watch$/);
  await expect(count).toHaveText(/^Showing 1–/);
  await tabs.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/product$/);
  // The men watch listing also says "Showing 1–40": wait until the All listing is the one shown.
  await expect(tabs.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(count).toHaveText(/^Showing 1–40 of /);
  await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');

  // The All tab on page 2 of All also starts over.
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/product#2$/);
  await tabs.getByRole('link', { name: 'All', exact: true }).click();
  await expect(count).toHaveText(/^Showing 1–40 of /);

  await page.goto('/product#99');
  await expect(page).toHaveURL(new RegExp(`/product#${lastPage}$`));
  await expect(count).toHaveText(new RegExp(`^Showing ${(lastPage - 1) * 40 + 1}(–[\\d,]+)? of `));
  await expect(page.getByRole('link', { name: `Page ${lastPage}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectFits(page);
  await viewportShots(page, 'listing-clamped');

  for (const bad of ['#abc', '#0', '#-3']) {
    await page.goto(`/product${bad}`);
    await expect(count).toHaveText(/^Showing 1–40 of /);
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('home: review pictures come in a file at least as wide as they are shown, at both sizes', async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/');
    const pictures = page.locator('.review-list img');
    await expect(pictures.first()).toBeAttached();
    for (const img of await pictures.all()) await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);
    const blurry = await pictures.evaluateAll((imgs) =>
      imgs
        .map((i) => i as HTMLImageElement)
        .filter((i) => i.naturalWidth < Math.round(i.getBoundingClientRect().width * devicePixelRatio))
        .map((i) => `${i.currentSrc.split('/').slice(-1)[0]} shown ${Math.round(i.getBoundingClientRect().width)} px`),
    );
    expect(blurry, `review pictures stretched at ${size.width} px`).toEqual([]);
  }
  await page.getByRole('heading', { name: 'What our customers say' }).scrollIntoViewIfNeeded();
  await viewportShots(page, 'home-reviews', page.locator('.review-list'));
});
