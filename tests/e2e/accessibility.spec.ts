/**
 * axe-core (the engine behind Lighthouse's accessibility score, which it brings) on the
 * shopper's screens at 360 and 1280 px: the home (its level-one heading), a listing, a
 * product page, contact, the cart with the checkout dialog, and Your Orders. Every rule
 * axe runs by default must pass, landmark-unique among them (each landmark of a kind
 * named apart). Screenshots of each screen go to test-results/screenshots/a11y-*.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { axeViolations } from './axe.ts';
import { addFromProductPage, stableProducts, uniquePhone, WIDTHS } from './fixtures.ts';
import { expect, test } from './test.ts';

const ADDRESS = '9, Palm Grove, near Lake Road, Kolkata - 700029, West Bengal';

/**
 * Scrolls down the page a screen at a time, so its lazy pictures load, and back to the top;
 * then every picture on it has loaded (none is an empty frame or a broken address).
 */
async function showPictures(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc),
      ),
    )
    .toEqual([]);
}

/**
 * Runs axe at each width and keeps a screenshot of what it checked: the whole page, or
 * for a dialog the screen (the page behind it is greyed out, the dialog scrolls inside).
 */
async function checkScreen(page: Page, name: string, { dialog = false } = {}): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    expect.soft(await axeViolations(page), `axe on ${name} at ${width}px (${page.url()})`).toEqual([]);
    if (!dialog) await showPictures(page);
    await page.screenshot({ path: `test-results/screenshots/a11y-${name}-${width}.png`, fullPage: !dialog });
  }
}

test('the storefront screens pass axe at 360 and 1280 px, the home with one level-one heading', async ({ page }) => {
  test.slow(); // six screens, two widths each
  const [watch] = await stableProducts(page.request);
  if (!watch) throw new Error('the seeded catalogue has no watch in stock');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/premium watches with cash on delivery/);
  await expect(page.locator('.home-latest .product-card')).not.toHaveCount(0);
  await checkScreen(page, 'home');

  await page.goto('/product/men-watch');
  await expect(page.locator('.product-card').first()).toBeVisible();
  await checkScreen(page, 'listing');

  await page.goto(productPath(watch));
  await expect(page.getByRole('heading', { level: 1, name: watch.name })).toBeVisible();
  await checkScreen(page, 'product');

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Make a complaint' })).toBeVisible();
  await checkScreen(page, 'contact');

  await addFromProductPage(page, watch);
  await page.goto('/cart');
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await checkScreen(page, 'cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '+ Add new address' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add new address' })).toBeVisible();
  await checkScreen(page, 'checkout-address', { dialog: true });
});

test('Your Orders and the checkout of a logged-in shopper pass axe at 360 and 1280 px', async ({ page }) => {
  test.slow();
  const [watch, second, other] = await stableProducts(page.request);
  if (!watch || !second || !other) throw new Error('the seeded catalogue has too few watches in stock');
  // Signed up through the page's own cookies: the browser is logged in, with two orders placed
  // (each with its advance panel: two regions that must be named apart).
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Nila Sen',
      number: uniquePhone(),
      email: 'nila@example.in',
      address: ADDRESS,
      password: 'a11y-pass-123',
    },
  });
  expect(signup.status()).toBe(201);
  for (const product of [watch, second]) {
    const placed = await page.request.post('/api/orders', {
      data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.status()).toBe(201);
  }

  await page.goto('/orders');
  await expect(page.locator('.order-card')).toHaveCount(2);
  await expect(page.getByRole('region', { name: /^Confirm your order \(/ })).toHaveCount(2);
  await checkScreen(page, 'orders');

  await addFromProductPage(page, other);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Select delivery address' })).toBeVisible();
  await checkScreen(page, 'checkout-saved-address', { dialog: true });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await checkScreen(page, 'checkout-summary', { dialog: true });
});
