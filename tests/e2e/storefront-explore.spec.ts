import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test('explore: a misspelt search from the navigation bar finds watches; nonsense finds none', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/product');
  // The app's search (the stored term, no ?q=): a search sent before the app runs is the
  // server's GET /explore?q=, which the no-script journey covers. The scripts start on load.
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const search = page.getByRole('searchbox', { name: 'Search watches' }).first();
  await search.fill('rolx');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await expect(page.locator('.explore-latest .product-card')).toHaveCount(8);
  // The stored term is applied after a second.
  await expect(page.getByRole('heading', { name: 'Searched Products' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search watches' })).toHaveValue('rolx');
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-explore-results');

  const box = page.getByRole('searchbox', { name: 'Search watches' });
  await box.fill('qqqqzzzzxxxx');
  await box.press('Enter');
  await expect(page.getByText('No Product Found!')).toBeVisible();
  await expect(page.locator('.explore-latest .product-card')).toHaveCount(8);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-explore-none');
});
