/**
 * Without JavaScript (a slow phone before the script arrives, a crawler, a browser with it
 * off) the server's HTML is the whole shop window: home, listings with ?page=N, product
 * pages and search results, by plain links and forms (docs/decisions/022-server-rendering.md).
 */
import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test.use({ javaScriptEnabled: false });

test('without JavaScript: home → a listing’s page 2 → a product → search results', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(page.locator('.product-card').first()).toBeVisible();
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
  // Sorting and the cart need the app: hidden rather than dead.
  await expect(page.getByRole('button', { name: 'lowest - highest' })).toBeHidden();
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
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeHidden();
  await screenshots(page, 'no-script-product');

  // The navigation bar's search box is a GET form to /explore?q=, which the server answers.
  await page.getByRole('searchbox', { name: 'Search watches' }).first().fill('rolex');
  await page.getByRole('searchbox', { name: 'Search watches' }).first().press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=rolex$/);
  await expect(page.getByRole('heading', { name: 'Searched Products' })).toBeVisible();
  await expect(page.locator('.explore-results .product-card-name').first()).toContainText('Rolex');
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();
  await screenshots(page, 'no-script-search');
});

test('without JavaScript: the cart and the account screens say they need it, with no loader spinning', async ({
  page,
}) => {
  for (const path of ['/cart', '/login']) {
    await page.goto(path);
    // Playwright's text search skips <noscript>, so the note is found by its class.
    await expect(page.locator('.noscript-note')).toBeVisible();
    await expect(page.locator('.noscript-note')).toContainText('This page needs JavaScript.');
    await expect(page.locator('.loader-overlay')).toBeHidden();
    await expect(page.locator('main form')).toBeHidden();
  }
  await screenshots(page, 'no-script-login');
});
