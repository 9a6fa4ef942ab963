/**
 * The listing's sort and brand and the search live in the address (docs/decisions/032-controls-in-the-address.md):
 * they work at first paint, before the script, a reload or a shared link keeps them, and a brand
 * picked while the page hydrates is followed, never undone.
 */
import { expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

const rupees = (text: string) => Number(text.replace(/[^0-9]/g, ''));

test.use({ viewport: PHONE });

test('a brand picked before the script has run is kept once it runs', async ({ page }) => {
  // The app's script waits until the shopper has picked a brand on the server's page.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/product/men-watch', { waitUntil: 'commit' });
  const brand = page.getByLabel('Brand');
  await expect(brand).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show' }), 'the form works before the script').toBeVisible();
  await brand.selectOption('Rolex');
  release();
  // Once hydrated, the pick is followed: the brand's own listing.
  await expect(page).toHaveURL(/\/product\/men-watch\/rolex$/);
  await expect(page.getByRole('button', { name: 'Show' }), 'picking is enough once the script runs').toHaveCount(0);
  await expect(brand).toHaveValue('Rolex');
  await expect(page.locator('.product-card-name').first()).toContainText('Rolex');
});

test('sort and brand are in the address: shared, reloaded and read back by the app', async ({ page }) => {
  await page.goto('/product/men-watch');
  await page.getByRole('link', { name: 'highest - lowest' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-desc$/);
  await expect(page.getByRole('link', { name: 'highest - lowest' })).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Brand').selectOption('Rolex');
  await expect(page).toHaveURL(/\/product\/men-watch\/rolex\?sort=price-desc$/);
  await expect(page.locator('.product-card-name').first()).toContainText('Rolex');
  const descending = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await expectFits(page);
  await viewportShots(page, 'controls-listing-sorted-brand', page.getByLabel('Brand'));

  // A shared link (a fresh page) shows the same: the server renders it, the app keeps it.
  const shared = page.url();
  await page.goto('about:blank');
  await page.goto(shared);
  await expect(page.getByRole('link', { name: 'highest - lowest' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Brand')).toHaveValue('Rolex');
  expect((await page.locator('.product-card .price').allTextContents()).map(rupees)).toEqual(descending);

  // Back to all brands, still sorted; latest again drops the sort from the address.
  await page.getByLabel('Brand').selectOption('');
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-desc$/);
  await page.getByRole('link', { name: 'latest' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch$/);
});

test('the search made on Explore is in the address, and a reload shows it again', async ({ page }) => {
  await page.goto('/explore');
  const box = page.getByRole('searchbox', { name: 'Search watches' });
  await box.fill('rolex');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=rolex$/);
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
  await page.reload();
  await expect(box).toHaveValue('rolex');
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
});
