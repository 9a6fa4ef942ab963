/**
 * Every shopper screen on a 360×740 phone: nothing wider than the screen, no
 * word split mid-word, messages shown where the shopper looks, and a way to
 * search from every page. Also the admin's Leads page on a phone.
 */
import type { Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { POLICY_SLUGS } from '../../src/common/page-paths.ts';
import { E2E_ADMIN, stableProducts, uniquePhone } from './fixtures.ts';
import { expectFits, expectInView, expectNothingOverflows, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.use({ viewport: PHONE });

/** Opens `path` and waits until `ready` says its content is there, then checks it fits. */
async function checkScreen(page: Page, path: string, ready: () => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready();
  await expectFits(page);
}

test('every visitor screen fits a 360 px phone', async ({ page, request }) => {
  test.slow(); // a dozen screens, each measured
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const heading =
    (name: string | RegExp, level = 1) =>
    () =>
      expect(page.getByRole('heading', { name, level })).toBeVisible();

  await checkScreen(page, '/', async () => {
    await expect(page.getByRole('heading', { name: 'Latest Collection' })).toBeVisible();
    await expect(page.locator('.home .product-grid > li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
  });
  for (const path of ['/product', '/product/men-watch', '/product/swizz-eta-watch']) {
    await checkScreen(page, path, async () => {
      await expect(page.locator('.product-card').first()).toBeVisible();
      await expect(page.locator('.listing-count')).toContainText('Showing');
    });
  }
  await checkScreen(page, productPath(product), async () => {
    await expect(page.locator('#product-name')).toHaveText(product.name);
    await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    await expect(page.locator('.product-related .product-card').first()).toBeVisible();
  });
  await checkScreen(page, '/explore', async () => {
    await expect(page.locator('.explore-latest .product-card')).toHaveCount(8);
  });
  await checkScreen(page, '/cart', heading('Cart'));
  await checkScreen(page, '/login', heading('Login'));
  await checkScreen(page, '/signup', heading('Create Account'));
  for (const slug of POLICY_SLUGS) {
    await checkScreen(page, `/${slug}`, async () => {
      await expect(page.locator('.policy h1')).toBeVisible();
    });
  }

  // A failed log in says why, in view.
  await page.goto('/login');
  await page.getByLabel('Phone number').fill('9000000009');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectInView(page.getByText('The phone number or password is wrong. Please try again.'));
  await expectFits(page);
});

test('a logged-in shopper’s screens fit a 360 px phone, and the profile’s Edit links stay whole', async ({ page }) => {
  const number = uniquePhone();
  const long =
    'Flat 1203, Tower B, Prestige Lakeside Habitat, Varthur Main Road, near Gunjur Lake, Bengaluru - 560087, Karnataka';
  const signup = await page.request.post('/api/signup', {
    data: { name: 'Meera Narrow', number, email: 'meera.narrow@example.com', address: long, password: 'narrow-pass-1' },
  });
  expect(signup.status()).toBe(201);
  const second = await page.request.post('/api/profile/addresses', {
    data: { address: '5, Hill Crest, near Old Temple, Mysuru - 570001, Karnataka' },
  });
  expect(second.ok()).toBe(true);

  await checkScreen(page, '/profile', async () => {
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
    await expect(page.getByText(number)).toBeVisible();
  });
  // "Edit" on one line, beside its address (it used to wrap letter by letter).
  for (const edit of await page.getByRole('link', { name: /^Edit address/ }).all()) {
    const box = await edit.boundingBox();
    expect(box?.height ?? 0, 'Edit is one line').toBeLessThan(30);
    expect(box?.width ?? 0, 'Edit is a whole word').toBeGreaterThan(20);
  }
  await viewportShots(page, 'narrow-profile', page.getByRole('heading', { name: 'Addresses' }));

  await checkScreen(page, '/editprofile', async () => {
    await expect(page.getByRole('textbox', { name: 'Address 2' })).toBeVisible();
  });
  await page.getByRole('textbox', { name: 'Address 2' }).fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectInView(page.getByText('Please provide a valid address'));
  await expectFits(page);

  await checkScreen(page, '/orders', async () => {
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    await expect(page.locator('main .loader-overlay')).toHaveCount(0);
  });
  await checkScreen(page, '/history', async () => {
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
    await expect(page.locator('main .loader-overlay')).toHaveCount(0);
  });
});

test('a phone can search from every shopper page: the navbar icon and the menu’s search box', async ({
  page,
  request,
}) => {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  for (const path of ['/product', productPath(product), '/cart', '/login', '/profile', '/privacy-policy']) {
    await page.goto(path);
    const icon = page.getByRole('banner').getByRole('link', { name: 'Search watches' });
    await expectInView(icon);
    await expect(icon).toHaveAttribute('href', '/explore');
  }
  await page.getByRole('banner').getByRole('link', { name: 'Search watches' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('searchbox', { name: 'Search watches' })).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Search watches' })).toHaveCount(0);

  // The menu's search box: saves the text under the search key and opens /explore, which applies it.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox', { name: 'Search watches' });
  await expectInView(box);
  await expectFits(page);
  await viewportShots(page, 'narrow-menu-search');
  await box.fill('rolex');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/explore$/);
  expect(await page.evaluate(() => localStorage.getItem('search'))).toBe('rolex');
  await expect(page.getByRole('heading', { name: 'Searched Products' })).toBeVisible();
  await expect(page.locator('.explore-results .product-card-name').filter({ hasText: 'Rolex' }).first()).toBeVisible();
  await expectFits(page);
});

test('the admin’s Leads page fits a phone', async ({ page }) => {
  // The dashboard's own log in (its navigation hides behind a menu button on a phone).
  await page.goto('/dashboard/leads');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a platform order' })).toBeVisible();
  await expect(page.locator('.adm-table tbody tr').first()).toBeVisible();
  await expectNothingOverflows(page);
  await page.getByRole('heading', { name: 'Import a CSV' }).scrollIntoViewIfNeeded();
  await viewportShots(page, 'narrow-admin-leads');
});
