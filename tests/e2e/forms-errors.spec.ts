/**
 * One form pattern shows every error at once (docs/decisions/015-one-form-pattern.md): on a
 * 360 px phone, an empty checkout address form, the complaint form and the admin upload form
 * mark every wrong field with its own message, and the first wrong field on the page has focus.
 */
import type { Locator, Page } from '@playwright/test';
import { adminLogin } from './admin-fixtures.ts';
import { addFromProductPage, stableProducts } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.use({ viewport: PHONE });

/** The field is marked invalid and its own message, linked to it, is on screen. */
async function expectMarked(page: Page, field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = described.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the message is linked to its field').toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

test('an empty checkout address form marks every field and focuses House or flat no.', async ({ page, request }) => {
  const [watch] = await stableProducts(request);
  if (!watch) throw new Error('the seeded catalogue has no watch in stock');
  await addFromProductPage(page, watch);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '+ Add new address' }).click();
  await dialog.getByRole('button', { name: 'Deliver to this address' }).click();

  await expectMarked(page, dialog.getByLabel('House or flat no.'), 'Please enter your house or flat number');
  await expect(dialog.getByLabel('House or flat no.')).toBeFocused();
  for (const label of ['Building, street or area', 'Landmark', 'Pincode', 'City', 'State']) {
    await expectMarked(page, dialog.getByLabel(label, { exact: true }), /^Please /);
  }
  await expectFits(page, dialog);
  await viewportShots(page, 'forms-errors-checkout', dialog.getByLabel('House or flat no.'));

  // Fixing one field clears its mark only.
  await dialog.getByLabel('House or flat no.').fill('Flat 12');
  await expect(dialog.getByLabel('House or flat no.')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Landmark')).toHaveAttribute('aria-invalid', 'true');
});

test('the complaint form shows both errors, and focuses the first on the page', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('What went wrong?').fill('The strap broke.');
  // Two wrong fields: the name (empty) and the phone number; the message counts them.
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please check the 2 marked fields');
  await expectMarked(page, page.getByLabel('Your name'), 'Please enter your name!');
  await expectMarked(page, page.getByLabel('Phone number'), 'Please provide a valid phone number');
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.getByLabel('What went wrong?')).not.toHaveAttribute('aria-invalid', 'true');
  await expectFits(page);
  await viewportShots(page, 'forms-errors-complaint', page.getByLabel('Your name'));

  // One wrong field left: the message is that field's own, as before.
  await page.getByLabel('Your name').fill('Suresh Pillai');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please provide a valid phone number');
  await expect(page.getByLabel('Phone number')).toBeFocused();
});

test('the admin upload form marks Brand and Selling price, and focuses Brand, above it', async ({ page }) => {
  // Logged in at 1280 (the helper waits for the dashboard's navigation, folded into a menu on a phone).
  await page.setViewportSize(DESKTOP);
  await adminLogin(page, '/dashboard/upload');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { name: 'Upload Products' })).toBeVisible();
  await page.getByLabel('Name').fill(`Journey Form Errors ${Date.now() % 100000}`);
  await page.getByLabel('Category').selectOption('men watch');
  // A men watch needs a listed brand (left unchosen); the selling price is above the MRP.
  await page.getByLabel('MRP (₹)').fill('4000');
  await page.getByLabel('Selling price (₹)').fill('5000');
  await page.getByLabel('Description').fill('A steel watch whose form is checked.');
  await page.getByLabel('Country of origin').fill('Japan');
  await page.getByRole('button', { name: 'UPLOAD PRODUCT' }).click();

  const brand = page.getByLabel('Brand', { exact: true });
  await expect(page.getByRole('alert')).toHaveText('Please check the 2 marked fields');
  await expectMarked(page, brand, 'Please choose one of the listed brands for a men watch');
  await expectMarked(page, page.getByLabel('Selling price (₹)'), /selling price/i);
  await expect(brand).toBeFocused();
  await expectFits(page);
  await viewportShots(page, 'forms-errors-admin-upload', brand);
});
