/**
 * The shopper's control of their account (docs/product.md#account-rights): they change
 * their password (their other device is logged out), download their data and
 * delete the account. The owner still has the order, with the buyer's name,
 * phone and address, and the number can sign up again.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES } from '../../src/common/password-change-rules.ts';
import type { DataExport } from '../../src/common/schemas/account-rights.ts';
import { E2E_ADMIN, stableProducts, uniquePhone } from './fixtures.ts';
import { expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 120_000 });
const ADDRESS = '8, Jasmine Court, near Clock Tower, Nashik - 422001, Maharashtra';

test('a shopper changes the password, downloads their data and deletes the account', async ({
  page,
  request,
  playwright,
}) => {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const number = uniquePhone();
  const first = 'rights-pass-first';
  const second = 'rights-pass-second';
  // The account, with an order, made outside this browser: `request` is the shopper's other device.
  expect(
    (
      await request.post('/api/signup', {
        data: { name: 'Anita Desai', number, email: 'anita@example.in', address: ADDRESS, password: first },
      })
    ).status(),
  ).toBe(201);
  const placed = await request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const orderNumber = (await placed.json()).order.number as string;

  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel('Password').fill(first);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();

  // Change password: from the account page.
  await viewportShots(page, 'rights-profile-links', page.getByRole('link', { name: 'Change password' }));
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill(second);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.wrongCurrent)).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeFocused();
  await expectFits(page);
  await viewportShots(page, 'rights-change-password-error');
  await page.getByLabel('Current password').fill(first);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectMessage(page, PASSWORD_MESSAGES.changed);
  await viewportShots(page, 'rights-change-password-done');
  expect((await request.get('/api/profile')).status(), 'the other device is logged out').toBe(401);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Account' }), 'this device stays in').toBeVisible();

  // Download my data: a JSON file with the profile and the order.
  await page.getByRole('link', { name: 'Your data: download or delete' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'rights-your-data');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as DataExport;
  expect(data.profile).toMatchObject({ name: 'Anita Desai', number, email: 'anita@example.in' });
  expect(data.addresses).toEqual([ADDRESS]);
  expect(data.orders.map((o) => o.number)).toEqual([orderNumber]);
  await expectMessage(page, 'Your data is downloaded.');

  // Delete the account: the password confirms it.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Your password, to confirm').fill(first);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.wrong)).toBeVisible();
  await expectFits(page);
  await viewportShots(page, 'rights-delete-confirm', page.getByRole('button', { name: 'Delete my account for good' }));
  await page.getByLabel('Your password, to confirm').fill(second);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await viewportShots(page, 'rights-deleted');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();

  // The owner still has the order with the buyer as placed.
  const owner = await playwright.request.newContext({ baseURL: page.url().replace(/\/profile$/, '') });
  expect((await owner.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  const kept = await owner.get(`/api/admin/orders/${orderNumber}`);
  expect(kept.status()).toBe(200);
  expect((await kept.json()).order).toMatchObject({ userName: 'Anita Desai', userPhone: number, address: ADDRESS });
  await owner.dispose();

  // The number is free: it no longer logs in, and signs up again as a new account.
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel('Password').fill(second);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The phone number or password is wrong. Please try again.')).toBeVisible();
  const again = await request.post('/api/signup', {
    data: { name: 'Anita D', number, email: 'anita@example.in', address: ADDRESS, password: 'rights-pass-third' },
  });
  expect(again.status()).toBe(201);
  expect((await (await request.get('/api/orders?view=all')).json()).orders).toEqual([]);
});
