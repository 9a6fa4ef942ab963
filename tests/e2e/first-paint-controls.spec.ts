/**
 * Nothing a shopper does at first paint is lost (issue 27): with the CPU slowed 6x and the
 * page's scripts held back until the shopper is done, a sort, a brand and ADD TO CART made on
 * the server's HTML alone all work (docs/decisions/032-controls-in-the-address.md: a sort link
 * and a GET form for the brand; 034-add-to-cart-before-the-script.md: a form post), and all
 * three stick once the scripts run: the listing hydrates on the same brand and sort, and the
 * visitor's cart holds the watch.
 */
import { productPath } from '../../src/common/catalog.ts';
import { screenshots } from './fixtures.ts';
import { fullSpeed, slowPhoneWithoutScript } from './slow-phone.ts';
import { expect, test } from './test.ts';

interface ListedCard {
  id: string;
  name: string;
  brand: string;
  category: string;
  inStock: boolean;
}

const rupees = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('on a 6x slower CPU, a sort, a brand and ADD TO CART made before the script all stick', async ({
  page,
  request,
}) => {
  test.slow();
  // A men's watch in stock that no journey changes: its brand is the one picked.
  const list = (await (await request.get('/api/products?category=men-watch&sort=price-asc')).json()) as {
    items: ListedCard[];
  };
  const watch = list.items.find((p) => p.inStock && p.brand && !/^(Journey |Short-lived)/.test(p.name));
  if (!watch) throw new Error('the seeded catalogue has no men’s watch in stock');

  // Every script of every page is held until the three actions are done: each is made at first paint.
  const slow = await slowPhoneWithoutScript(page);

  // 1. Sort: a link.
  await page.goto('/product/men-watch', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'lowest - highest' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\?sort=price-asc$/);

  // 2. Brand: the GET form's Show button, there until the app has hydrated.
  await page.getByLabel('Brand').selectOption(watch.brand);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\/[^/?]+\?sort=price-asc$/);
  const listing = page.url();

  // 3. ADD TO CART: a form post, landing on the cart.
  await page.getByRole('link', { name: watch.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${watch.id}/`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // All of it before any script ran.
  expect(slow.asked()).toBeGreaterThan(0);
  slow.release();

  // With the scripts: the visitor's cart holds the watch.
  await expect(page.locator('.cart-line').filter({ hasText: watch.name })).toBeVisible({ timeout: 45_000 });
  expect(await page.evaluate(() => Object.values({ ...localStorage }).join(' '))).toContain(watch.id);

  // The listing hydrates on the same brand and sort: the Show button goes (the app has run) and
  // nothing is undone.
  await page.goto(listing);
  await expect(page.getByRole('button', { name: 'Show' })).toBeHidden({ timeout: 45_000 });
  await expect(page).toHaveURL(listing);
  await expect(page.getByLabel('Brand')).toHaveValue(watch.brand);
  await expect(page.getByRole('link', { name: 'lowest - highest' })).toHaveAttribute('aria-current', 'true');
  const names = await page.locator('.product-card-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const prices = (await page.locator('.product-card .price').allTextContents()).map(rupees);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await fullSpeed(page);
  await screenshots(page, 'first-paint-controls-listing');
  await page.goto(productPath(watch));
  await screenshots(page, 'first-paint-controls-product');
});
