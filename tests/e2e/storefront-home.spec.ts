import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test('home: the men watch card opens the brand popup, and a brand opens its listing', async ({ page }) => {
  // The sale banner's figure is the catalogue's largest discount (issue 27), written over its picture.
  const { largestDiscount } = (await (await page.request.get('/api/home')).json()) as { largestDiscount: number };
  expect(largestDiscount).toBeGreaterThan(0);
  const sale = `SALE up to ${largestDiscount}% off`;
  await page.goto('/');
  await expect(page.locator('.hero-offer')).toHaveText(sale);
  await expect(page.getByRole('heading', { name: 'Latest Collection' })).toBeVisible();
  await expect(page.locator('.home .product-grid > li')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'VIEW ALL' })).toHaveAttribute('href', '/product');
  await expect(page.getByRole('img', { name: new RegExp(`^${sale}\\.`) })).toBeVisible();
  await expect(page.locator('.category-card-count').first()).toContainText('watches');
  await expect(page.getByRole('link', { name: `${sale}: SHOP NOW` })).toHaveAttribute('href', '/product');
  // Pictures below the fold load lazily: scroll past them so the screenshot shows them.
  for (const img of await page.locator('.review-list img, .reel-list img').all()) await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      page.locator('.review-list img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
    )
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-home');

  await page
    .locator('.category-grid')
    .getByRole('link', { name: /Men Watch/ })
    .click();
  const popup = page.getByRole('dialog', { name: 'Select the Brand' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link')).toHaveCount(29); // 28 brands + "See all men watches"
  await expect(popup.getByRole('link', { name: 'Jaeger-LeCoultre' })).toHaveAttribute(
    'href',
    '/product/men-watch/jaeger_lecoultre',
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-brand-popup');

  await popup.getByRole('link', { name: 'Rolex', exact: true }).click();
  await expect(page).toHaveURL(/\/product\/men-watch\/rolex$/);
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Brand')).toHaveValue('Rolex');
  const names = page.locator('.product-card-name');
  await expect(names.first()).toBeVisible();
  for (const name of await names.allTextContents()) expect(name).toMatch(/^Rolex/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-brand-listing');
});

test('home: the keyboard reaches the brand popup and Escape closes it', async ({ page }) => {
  await page.goto('/');
  // The popup is the app's: before it runs, the card is a plain link to the listing.
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const card = page.locator('.category-grid').getByRole('link', { name: /Men Watch/ });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Select the Brand' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card).toBeFocused();
});
