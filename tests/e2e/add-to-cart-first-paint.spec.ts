/**
 * ADD TO CART works at first paint (docs/decisions/034-add-to-cart-before-the-script.md): the button
 * is a form posting to the server, so a tap before the script has run, or without it, adds the
 * watch; the cart shows it with the script (moved from the cookie into the visitor's cart) and
 * without it (listed in the cart page's note).
 */
import { productPath } from '../../src/common/catalog.ts';
import { screenshots, stableProducts } from './fixtures.ts';
import { expect, test } from './test.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('ADD TO CART adds the watch, twice counts two, and the cart lists it', async ({ page, request }) => {
    const [product] = await stableProducts(request);
    if (!product) throw new Error('no product to add');
    await page.goto(productPath(product));
    await screenshots(page, 'no-script-add-to-cart');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cart = page.getByRole('region', { name: 'Your cart' });
    await expect(cart).toContainText(`${product.name} × 1`);
    await page.goBack();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cart).toContainText(`${product.name} × 2`);
    // At 360 and 1280 px.
    await screenshots(page, 'no-script-cart');
  });
});

test('a tap on ADD TO CART before the script has run, on a 6x slower CPU, is not lost', async ({ page, request }) => {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('no product to add');
  await page.setViewportSize({ width: 360, height: 740 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // The page's scripts are held back until the tap has been made: the tap is at first paint.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(productPath(product), { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  release();
  // With the script: the visitor's cart holds the watch, once.
  const line = page.locator('.cart-line, li, article').filter({ hasText: product.name }).first();
  await expect(line).toBeVisible({ timeout: 45_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const stored = await page.evaluate(() => Object.values({ ...localStorage }).join(' '));
  expect(stored).toContain(product.id);
  expect(await page.evaluate(() => document.cookie)).not.toContain('visitor_cart');
  await screenshots(page, 'first-paint-cart');
});
