/** Only admins get past /dashboard: visitors and shoppers see the login form, and the API refuses them. */

import { adminLogin } from './admin-fixtures.ts';
import { E2E_ADMIN, screenshots, uniquePhone } from './fixtures.ts';
import { expect, test } from './test.ts';

test('a visitor at /dashboard sees only the admin login form, without the shop’s navigation bar', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/orders', '/dashboard/editproduct/x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  // Both fields are needed (docs/product.md#validation), and a wrong password says so (docs/product.md#better-10).
  await page.getByRole('button', { name: 'LOGIN' }).click();
  // Both are wrong: the message counts them and each field says why (docs/decisions/015-one-form-pattern.md).
  await expect(page.getByRole('alert')).toHaveText('Please check the 2 marked fields');
  await expect(page.getByText('Please enter your username')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('alert')).toHaveText('The username or password is wrong');
  await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
  await screenshots(page, 'admin-login-failed');
});

test('a logged-in shopper at /dashboard sees only the login form and the admin API refuses them', async ({ page }) => {
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Curious Shopper',
      number: uniquePhone(),
      email: 'curious@example.in',
      address: '5, Palm Court, near Bus Stand, Pune - 411001, Maharashtra',
      password: 'curious-pass-1',
    },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  for (const url of ['/api/admin/orders', '/api/admin/stats', '/api/admin/admins', '/api/admin/leads']) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(403);
  }
  const write = await page.request.post('/api/admin/products', { data: { name: 'x', category: 'men watch' } });
  expect(write.status()).toBe(403);
  await screenshots(page, 'admin-login-shopper');
});

test('a shopper’s pages never download the admin chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.goto('/product');
  await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
  expect(
    // Chunk names: the admin screens, and the admin card buttons (not the tiny use-card-actions hook).
    scripts.filter((u) => /\/(dashboard|product-form|orders-page|leads-page|admins-page|card-actions)-/.test(u)),
  ).toEqual([]);
});

test('an admin sees Edit and Delete on storefront cards; a visitor does not', async ({ page, browser }) => {
  await adminLogin(page);
  await page.goto('/product');
  const firstCard = page.locator('.product-grid > li').first();
  await expect(firstCard.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', /^\/dashboard\/editproduct\//);
  await expect(firstCard.getByRole('button', { name: 'Delete' })).toBeVisible();
  await screenshots(page, 'admin-storefront-card-actions');

  const visitor = await browser.newPage();
  await visitor.goto('/product');
  await expect(visitor.locator('.product-grid > li')).toHaveCount(40);
  await expect(visitor.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await visitor.close();
});
