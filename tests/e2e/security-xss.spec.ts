/**
 * An admin-made product whose name and description hold script renders as text
 * on the product page and in the listing, and no script of theirs runs
 * (docs/decisions/007-security.md). Run with E2E_PORT=3205.
 */

import { E2E_ADMIN } from './fixtures.ts';
import { expect, test } from './test.ts';

const NAME = `<img src=x onerror=alert(1)><script>alert(2)</script> Titan ${Date.now() % 100000}`;
const DESCRIPTION = 'javascript:alert(3) "><svg onload=alert(4)>';

test('a product named with script renders as text and runs nothing', async ({ page, request }) => {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/admin/products', {
    data: {
      name: NAME,
      category: 'women watch',
      brand: 'Titan',
      price: 5000,
      discountPrice: 4000,
      description: DESCRIPTION,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as string;

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/${id}/${encodeURIComponent(NAME)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
  await expect(page.getByText(DESCRIPTION).first()).toBeVisible();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  await expect(page).toHaveTitle(new RegExp(`^${NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  await page.goto('/product/women-watch');
  await expect(page.getByText(NAME.slice(0, 15)).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
