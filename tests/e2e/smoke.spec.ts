import { expect, test } from '@playwright/test';
import { screenshots } from './fixtures.ts';

test('the home page renders with the navigation bar and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText('All rights reserved');
  await screenshots(page, 'smoke-home');
});

test('a product URL renders the product page', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect((await health.json()).products).toBeGreaterThan(0);
  const response = await page.goto('/abc/Some%20Watch');
  expect(response?.status()).toBeLessThan(500);
  await expect(page.locator('main')).toBeVisible();
});
