import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

const rupees = (text: string) => Number(text.replace(/[^0-9]/g, ''));
/**
 * The sorted listing's page N: #N once the script runs, ?page=N when the link is followed before
 * it has (a sort link is a plain link, so the page may still be hydrating when the next one is tapped).
 */
const sortedPage = (n: number | string) => new RegExp(`/product\\?sort=price-desc(#${n}|&page=${n})$`);

test('listing: sorting by price, pagination with the page in the hash, and a tab resetting the page', async ({
  page,
}) => {
  await page.goto('/product');
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.locator('.product-grid > li')).toHaveCount(40);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Shop');

  // The sort is a link into the address (docs/decisions/032-controls-in-the-address.md).
  await page.getByRole('link', { name: 'lowest - highest' }).click();
  await expect(page).toHaveURL(/\/product\?sort=price-asc$/);
  await expect(page.getByRole('link', { name: 'lowest - highest' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.product-grid > li')).toHaveCount(40);
  const ascending = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.getByRole('link', { name: 'highest - lowest' }).click();
  await expect(page.getByRole('link', { name: 'highest - lowest' })).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(async () => (await page.locator('.product-card .price').allTextContents()).map(rupees)[0])
    .toBeGreaterThan(ascending[0] ?? 0);
  const descending = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(sortedPage(2));
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing 41–/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('listing-page'))).toContain('"page":2');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-listing-page-2');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'First page' }).click();
  await expect(page).toHaveURL(sortedPage(1));

  // Other journeys add products to the same server, so the last page follows the total shown.
  const total = Number(
    (await page.getByText(/Showing 1–/).textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''),
  );
  const lastPage = Math.ceil(total / 40);
  await page.getByRole('link', { name: 'Last page' }).click();
  await expect(page).toHaveURL(sortedPage(lastPage));
  await page.getByRole('link', { name: 'Women Watch' }).first().click();
  // A tab keeps the sort and starts at page 1.
  await expect(page).toHaveURL(/\/product\/women-watch\?sort=price-desc$/);
  await expect(page.getByRole('link', { name: 'Women Watch' }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing 1–/)).toBeVisible();
  await expect(page.getByLabel('Brand')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-listing-women');
});

test('listing: an unknown category shows the empty message, not an error', async ({ page }) => {
  await page.goto('/product/pocket-watch');
  await expect(page.getByText('No product found!')).toBeVisible();
  await expect(page.locator('.loader-overlay')).toHaveCount(0);
});

test('listing: going Home keeps the listing on screen until the home screen’s code is here', async ({ page }) => {
  await page.goto('/product/men-watch');
  // The app has run once the brand form's Show button (for pages without the script) is gone.
  await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0);
  // The home screen's chunk is held until the listing has been seen still in place.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/home-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  const asked = page.waitForRequest(/\/assets\/home-[^/]*\.js$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await asked;
  // Not an empty screen while it loads (decision 044: Preact's Suspense would show its fallback).
  await expect(page.locator('.listing .product-grid > li')).toHaveCount(40);
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.home')).toBeVisible();
  await expect(page.locator('.listing')).toHaveCount(0);
});
