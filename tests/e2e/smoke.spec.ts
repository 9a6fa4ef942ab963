import { productPath } from '../../src/common/catalog.ts';
import { productApiPath } from '../../src/common/catalog-api.ts';
import { formatRupees } from '../../src/common/money.ts';
import { screenshots, stableProducts } from './fixtures.ts';
import { expect, test } from './test.ts';

test('the home page renders with the navigation bar and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText('All rights reserved');
  await screenshots(page, 'smoke-home');
});

test('a product URL renders the product page', async ({ page, request }) => {
  // A seeded watch that no journey changes while this runs (fixtures.ts), as the API describes it.
  const [card] = await stableProducts(request);
  expect(card, 'the e2e server seeds in-stock watches').toBeDefined();
  const answer = await request.get(`/api${productApiPath(card?.id ?? '')}`);
  expect(answer.ok()).toBe(true);
  const product = (await answer.json()) as { id: string; name: string; price: number; discountPrice: number };

  const response = await page.goto(productPath(product));
  expect(response?.status()).toBe(200);
  // The watch's own name, price and ADD TO CART: what only a working product page shows.
  await expect(page.getByRole('heading', { level: 1, name: product.name, exact: true })).toBeVisible();
  const info = page.getByRole('region', { name: product.name });
  await expect(info.locator('.price')).toHaveText(formatRupees(product.discountPrice));
  if (product.price > product.discountPrice) {
    await expect(info.locator('.mrp')).toContainText(formatRupees(product.price));
  }
  await expect(info.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect.poll(() => page.title()).toContain(`${product.name} | `);

  // An id the shop does not have says so, instead of an empty page.
  await page.goto('/abc/Some%20Watch');
  await expect(page.getByRole('heading', { level: 1, name: 'Watch not found' })).toBeVisible();
});
