import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test('product page: details, chat links, zoom opened and closed, related products', async ({ page }) => {
  await page.goto('/product/men-watch');
  const first = page.locator('.product-card-link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/[0-9a-z]{20}\/.+/);
  const name = page.locator('#product-name');
  await expect(name).toBeVisible();
  await expect(page.locator('.product-info .price')).toHaveText(/^₹[\d,]+$/);
  // What ordering costs, before ordering, and where the watch is made (docs/product.md#product-page).
  const price = Number(((await page.locator('.product-info .price').textContent()) ?? '').replace(/[^\d]/g, ''));
  await expect(page.locator('.product-tax')).toHaveText(
    `Inclusive of all taxes. Cash on delivery: ₹${Math.min(300, price)} advance by UPI to book, ₹${Math.max(0, price - 300).toLocaleString('en-IN')} on delivery. No other charges.`,
  );
  await expect(page.locator('.product-origin')).toHaveText(/^Country of origin: [A-Z][a-z]+$/);
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();
  await expect(page.locator('.product-related .product-card').first()).toBeVisible();
  expect(await page.locator('.product-related .product-card').count()).toBeLessThanOrEqual(8);

  const buy = page.getByRole('link', { name: 'Buy now' });
  if (await buy.count()) {
    const href = decodeURIComponent((await buy.getAttribute('href')) ?? '');
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(href).toContain((await name.textContent()) ?? '');
    expect(href).toContain('I want to buy this Watch!');
    expect(href).toMatch(/Price: ₹[\d,]+/);
  } else {
    await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  }
  const share = decodeURIComponent((await page.getByRole('link', { name: 'Share' }).getAttribute('href')) ?? '');
  expect(share).toContain('I want to know more about this Watch!');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-product');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: /Zoom into the picture/ }).click();
  const zoom = page.getByRole('dialog');
  await expect(zoom).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  const area = zoom.locator('.zoom-area');
  const box = await area.boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.2);
  await expect(area.locator('img')).toHaveCSS('transform-origin', /px/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-product-zoom');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  await page.getByRole('button', { name: /Cash on delivery/ }).click();
  await expect(page.getByRole('dialog', { name: 'Cash on delivery policy' })).toContainText('₹300');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /Exchange policy/ }).click();
  await expect(page.getByRole('dialog', { name: 'Exchange policy' })).toContainText('24 hours');
});

test('product page: an unknown product says so', async ({ page }) => {
  const response = await page.goto('/zzzzzzzzzzzzzzzzzzzz/Missing%20Watch');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Watch not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('We could not find this watch');
});
