/**
 * The DOM once the script has run, as the Nu HTML Checker reads it (src/server/test-support/vnu.ts):
 * the server's HTML is checked in src/server/pages/html-validity.test.ts, but what the browser
 * shows after hydration and after its data arrives is the app's own render (the dashboard's
 * chart, Your Orders, a filled cart). Each main screen of the shopper and of the dashboard is
 * loaded, its DOM taken once the page says it has hydrated and its content is there, and the
 * checker runs once over all of them: no error may remain.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { checkHtml, requireJava, vnuErrors } from '../../src/server/test-support/vnu.ts';
import { E2E_ADMIN, screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expect, test } from './test.ts';

const ADDRESS = '12, Rose Villa, MG Road, Bengaluru - 560001, Karnataka';

/** Each screen: its address, and what shows once its data has arrived. */
type Screen = { name: string; path: string; ready: (page: Page) => Locator };
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

/** The document as the browser holds it after the script: the doctype and the live DOM. */
async function hydratedHtml(page: Page, screen: Screen): Promise<string> {
  await page.goto(screen.path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(screen.ready(page)).toBeVisible();
  // The dashboard's chart is drawn only after hydration: what it looks like at both widths.
  if (screen.name === 'dashboard') await screenshots(page, 'hydrated-dashboard');
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

test('the shopper’s and the dashboard’s screens after hydration pass the Nu HTML Checker', async ({ page }) => {
  test.setTimeout(420_000); // about 30 screens, then one run of the checker, on a shared machine
  requireJava();
  const [watch, second] = await stableProducts(page.request);
  if (!watch || !second) throw new Error('the seeded catalogue has too few watches in stock');
  // A shopper with an order and a watch in the cart, and an admin: their screens show their data.
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Meera Rao',
      number: uniquePhone(),
      email: 'meera@example.in',
      address: ADDRESS,
      password: 'vnu-pass-123',
    },
  });
  expect(signup.status()).toBe(201);
  const placed = await page.request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: watch.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const orderNumber: string = (await placed.json()).order.number;
  expect((await page.request.post('/api/cart/items', { data: { productId: second.id, quantity: 1 } })).ok()).toBe(true);
  expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);

  const screens: Screen[] = [
    { name: 'home', path: '/', ready: (p) => p.locator('.home-latest .product-card').first() },
    { name: 'listing', path: '/product/men-watch', ready: (p) => p.locator('.product-card').first() },
    { name: 'product', path: productPath(watch), ready: heading(watch.name) },
    { name: 'search', path: '/explore?q=watch', ready: (p) => p.locator('.product-card').first() },
    { name: 'cart', path: '/cart', ready: (p) => p.locator('.cart-line').first() },
    { name: 'orders', path: '/orders', ready: (p) => p.locator('.order-card').first() },
    { name: 'history', path: '/history', ready: heading(/history/i) },
    { name: 'profile', path: '/profile', ready: (p) => p.getByText('Meera Rao').first() },
    { name: 'edit-profile', path: '/editprofile', ready: (p) => p.getByRole('textbox').first() },
    { name: 'change-password', path: '/change-password', ready: (p) => p.locator('input[type="password"]').first() },
    { name: 'your-data', path: '/your-data', ready: heading(/your data/i) },
    { name: 'login', path: '/login', ready: (p) => p.locator('input[type="password"]').first() },
    { name: 'signup', path: '/signup', ready: (p) => p.locator('input[type="password"]').first() },
    { name: 'contact', path: '/contact', ready: heading('Make a complaint') },
    { name: 'policy', path: '/privacy-policy', ready: heading('Privacy policy') },
    { name: 'track', path: '/track', ready: heading(/track/i) },
    { name: 'not-found', path: '/no-such-page', ready: (p) => p.locator('main h1') },
    { name: 'dashboard', path: '/dashboard', ready: (p) => p.locator('.adm-chart-figure') },
    { name: 'admin-products', path: '/dashboard/products', ready: (p) => p.getByText(watch.name).first() },
    { name: 'admin-upload', path: '/dashboard/upload', ready: (p) => p.locator('input').first() },
    { name: 'admin-edit', path: `/dashboard/editproduct/${watch.id}`, ready: (p) => p.locator('input').first() },
    { name: 'admin-orders', path: '/dashboard/orders', ready: (p) => p.getByText(orderNumber).first() },
    { name: 'admin-failed', path: '/dashboard/failed-deliveries', ready: (p) => p.locator('main h1, main h2').first() },
    { name: 'admin-leads', path: '/dashboard/leads', ready: (p) => p.locator('main h1, main h2').first() },
    { name: 'admin-admins', path: '/dashboard/admins', ready: (p) => p.getByText(E2E_ADMIN.username).first() },
    { name: 'admin-complaints', path: '/dashboard/complaints', ready: (p) => p.locator('main h1, main h2').first() },
    { name: 'admin-shoppers', path: '/dashboard/shoppers', ready: (p) => p.locator('main h1, main h2').first() },
    {
      name: 'admin-statement',
      path: '/dashboard/books/statement',
      ready: (p) => p.locator('main h1, main h2').first(),
    },
    { name: 'admin-gstr1', path: '/dashboard/books/gstr1', ready: (p) => p.locator('main h1, main h2').first() },
    {
      name: 'admin-remittance',
      path: '/dashboard/books/remittance',
      ready: (p) => p.locator('main h1, main h2').first(),
    },
    { name: 'admin-money', path: '/dashboard/books/money', ready: (p) => p.locator('main h1, main h2').first() },
  ];
  const pages: Record<string, string> = {};
  for (const screen of screens) pages[screen.name] = await hydratedHtml(page, screen);

  const dir = mkdtempSync(join(tmpdir(), 'vnu-hydrated-'));
  try {
    const { errors, summary } = vnuErrors(checkHtml(pages, dir));
    console.info(summary);
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
