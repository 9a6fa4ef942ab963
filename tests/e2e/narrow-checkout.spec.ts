/**
 * Checkout on a 360×740 phone: every step fits its dialog, a PLACE ORDER that
 * fails (the admin marked the watch out of stock meanwhile) says why where the
 * shopper is looking, the summary shows the shopper's own number, and the
 * order then goes through with the saved address.
 */
import type { APIRequestContext } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';
import { addFromProductPage, E2E_ADMIN, stableProducts, tapAddToCart, uniquePhone } from './fixtures.ts';
import { expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.use({ viewport: PHONE });

/** The shop owner, through the admin API, as the dashboard would do it. */
async function asAdmin(newContext: () => Promise<APIRequestContext>): Promise<APIRequestContext> {
  const admin = await newContext();
  const login = await admin.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return admin;
}

test('checkout on a phone: each step fits, a failed PLACE ORDER is shown in view, then the order goes through', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.slow(); // the whole checkout, twice, each step measured
  const admin = await asAdmin(() => playwright.request.newContext({ baseURL }));
  // A watch of this journey's own ("Journey …": other journeys never pick it), sold at its MRP.
  const created = await admin.post('/api/admin/products', {
    data: {
      name: `Journey Narrow Chronograph ${Date.now() % 100000}`,
      category: 'original watch',
      brand: 'Titan',
      price: 4500,
      discountPrice: 4500,
      description: 'A plain steel watch for the phone checkout journey.',
      features: [
        { name: 'Chronograph', description: 'Yes' },
        { name: 'Water Resistance', description: '50 m' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const watch = (await created.json()).product as { id: string; name: string };
  const [other] = await stableProducts(request);
  if (!other) throw new Error('the seeded catalogue has no watch in stock');

  await page.goto(productPath(watch));
  await tapAddToCart(page);
  await expectInView(page.getByText('Added to your cart'));

  // No discount: no "Discount −₹0" row.
  await page.goto('/cart');
  await expect(page.locator('.cart-line')).toHaveCount(1);
  const prices = page.getByRole('region', { name: 'Price details' }).first();
  await expect(prices.getByText('Total MRP')).toBeVisible();
  await expect(prices.getByText('Discount')).toHaveCount(0);
  await expect(prices).not.toContainText('−₹0');
  await expectFits(page);

  await addFromProductPage(page, other);
  await page.goto('/cart');
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No address found!')).toBeVisible();
  await expectFits(page, dialog);
  await expectFits(page);

  await dialog.getByRole('button', { name: '+ Add new address' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add new address' })).toBeVisible();
  await expectFits(page, dialog);
  await expectFits(page);
  await viewportShots(page, 'narrow-checkout-address');
  // An empty form: the first field's message shows, in view.
  await dialog.getByRole('button', { name: 'Deliver to this address' }).click();
  await expectInView(dialog.getByText('Please enter your house or flat number'), dialog);
  await dialog.getByLabel('House or flat no.').fill('Flat 12');
  await dialog.getByLabel('Building, street or area').fill('Sea Breeze Apartments');
  await dialog.getByLabel('Landmark').fill('Marine Drive');
  await dialog.getByLabel('Pincode').fill('400001');
  await expect(dialog.getByLabel('State')).toHaveValue('Maharashtra');
  await expectFits(page, dialog);
  await dialog.getByRole('button', { name: 'Deliver to this address' }).click();

  await expect(dialog.getByRole('heading', { name: 'Create Password' })).toBeVisible();
  await expectFits(page, dialog);
  await viewportShots(page, 'narrow-checkout-password');
  const number = uniquePhone();
  await dialog.getByLabel('Name').fill('Asha Narrow');
  await dialog.getByLabel('Phone number').fill(number);
  await dialog.getByLabel('Email').fill('asha.narrow@example.com');
  await dialog.getByLabel('Create password').fill('narrow-pass-123');
  await dialog.getByRole('button', { name: 'Create account and continue' }).click();

  await expect(dialog.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  // The delivery contact is the shopper's own number; the shop's is labelled as the shop's.
  await expect(dialog.locator('.checkout-contact')).toContainText(number);
  await expect(dialog.getByText(/Shop’s number/)).toBeVisible();
  await expectFits(page, dialog);
  await viewportShots(page, 'narrow-checkout-summary');

  // Meanwhile the owner marks the watch out of stock: PLACE ORDER fails, and says why where the shopper looks.
  const stock = await admin.patch(`/api/admin/products/${watch.id}/stock`, { data: { inStock: false } });
  expect(stock.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  const failure = dialog.getByRole('alert').filter({ hasText: /out of stock/i });
  await expectInView(failure, dialog);
  await expectFits(page, dialog);
  await viewportShots(page, 'narrow-checkout-failed');

  // Take the watch out of the cart and order the other one with the saved address.
  await dialog.getByRole('button', { name: 'Close checkout' }).click();
  await page.getByRole('button', { name: `Remove ${watch.name} from the cart` }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(dialog.getByRole('heading', { name: 'Select delivery address' })).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expectFits(page, dialog);
  await viewportShots(page, 'narrow-checkout-addresses');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  await expectFits(page);

  await page.goto('/orders');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectFits(page);
  await admin.dispose();
});
