import { screenshots } from './fixtures.ts';
import { expect, test } from './test.ts';

test('the misspelt terms path lands on the terms page, with the same figures as the refund page', async ({
  page,
  request,
}) => {
  const redirect = await request.get('/terms-and-conditoins', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe('/terms-and-conditions');

  await page.goto('/terms-and-conditoins');
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  await expect(page.locator('.policy')).toContainText('5-10 business days');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'storefront-terms');

  await page.getByRole('link', { name: 'Return and refund policy' }).last().click();
  await expect(page.getByRole('heading', { name: 'Return and refund policy', level: 1 })).toBeVisible();
  await expect(page.locator('.policy')).toContainText('5-10 business days');
});

test('the footer link with the misspelt path works in the app too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: /Terms/ }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
});

test('crawlers get robots.txt and a sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /dashboard');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/product/men-watch/rolex</loc>');
});
