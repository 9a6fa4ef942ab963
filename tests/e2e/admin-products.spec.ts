/**
 * The shop owner's product journey: log in, upload a watch with two pictures,
 * find it on the storefront, change its price, mark it out of stock.
 */

import { adminLogin, watchPicture } from './admin-fixtures.ts';
import { screenshots } from './fixtures.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test('an admin uploads a product with two images, edits its price and marks it out of stock', async ({ page }) => {
  const name = `Journey Moonphase ${Date.now() % 100000}`;
  await adminLogin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top ten most viewed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add new Watches' })).toBeVisible();
  await screenshots(page, 'admin-stats');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'UPLOAD' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Products' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category').selectOption('women watch');
  await page.getByLabel('Brand', { exact: true }).fill('Titan');
  await page.getByLabel('MRP (₹)').fill('5000');
  await page.getByLabel('Selling price (₹)').fill('4200');
  await page.getByLabel('Description').fill('A moonphase dial with a mother-of-pearl face.');
  await page.getByLabel('Machine details').fill('Quartz');
  await page.getByRole('button', { name: 'Tage 2' }).click();
  await expect(page.getByRole('button', { name: 'Tage 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Status').selectOption('New');
  await page
    .getByLabel('+ Add images')
    .setInputFiles([await watchPicture('front.png', '#b8860b'), await watchPicture('side.png', '#1d4ed8')]);
  await expect(page.getByRole('img', { name: 'View 1 (shown on cards)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'View 2' })).toBeVisible();
  // Reorder: the second picture becomes the card image.
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  await page.getByLabel('Country of origin').fill('Japan');
  await screenshots(page, 'admin-upload-filled');
  await page.getByRole('button', { name: 'UPLOAD PRODUCT' }).click();
  await expectMessage(page, 'Product uploaded successfully');
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByText('Product uploaded successfully')).toBeHidden({ timeout: 6000 });

  // The storefront listing shows it (newest first).
  await page.goto('/product/women-watch');
  const card = page.locator('.product-card', { hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('4,200');
  await screenshots(page, 'admin-product-on-listing');

  // Edit its price from the admin products list.
  await page.goto('/dashboard/products');
  await page.getByLabel('Category').selectOption('women watch');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('Selling price (₹)').fill('3900');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expectMessage(page, 'Product updated successfully');
  const id = decodeURIComponent(page.url().split('/').pop() ?? '');
  const product = await (await page.request.get(`/api/products/${id}`)).json();
  expect(product).toMatchObject({
    name,
    discountPrice: 3900,
    price: 5000,
    inStock: true,
    tags: ['Tage 2'],
    status: 'New',
    countryOfOrigin: 'Japan',
  });
  expect(product.images).toHaveLength(2);
  await screenshots(page, 'admin-edit-saved');

  // Mark it out of stock.
  await page.goto('/dashboard/products');
  await page.getByLabel('Category').selectOption('women watch');
  await page.getByRole('button', { name: `Mark out of stock ${name}` }).click();
  await expectMessage(page, `${name} is now out of stock`);
  await expect(page.getByRole('button', { name: `Mark in stock ${name}` })).toBeVisible();
  await screenshots(page, 'admin-products');
  await page.goto('/product/women-watch');
  await expect(
    page.locator('.product-card', { hasText: name }).getByRole('button', { name: /out of stock/i }),
  ).toBeVisible();
});

test('the product form asks for the country of origin, and saves and loads it with the HSN code', async ({ page }) => {
  await adminLogin(page, '/dashboard');
  const name = `Journey origin watch ${Date.now() % 100000}`;
  // Made through the API, which keeps the country optional for older tools: the form then asks for it.
  const created = await page.request.post('/api/admin/products', {
    data: { name, category: 'women watch', brand: 'Titan', price: 5000, discountPrice: 4000 },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as string;

  await page.goto(`/dashboard/editproduct/${id}`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  const hsn = page.getByLabel('HSN code');
  const country = page.getByLabel('Country of origin');
  await expect(hsn).toHaveValue('9102');
  await expect(hsn).toHaveAttribute('inputmode', 'numeric');
  await expect(country).toHaveValue('');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  // The message, the field marked and focused (the first bad one), and what was typed kept.
  await expect(page.getByRole('alert')).toContainText('Please enter the country of origin');
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  await expect(country).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await screenshots(page, 'admin-product-country-missing');
  // A bad HSN code gets the shared rule's message on its own field.
  await hsn.fill('91');
  await country.fill('Japan');
  await expect(country).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('The HSN code must be 4, 6 or 8 digits (wrist watches: 9102)').first()).toBeVisible();
  await expect(hsn).toBeFocused();
  await hsn.fill('910211');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expectMessage(page, 'Product updated successfully');

  // Saved: the form shows them again after a reload, the admin API holds both, shoppers read the country.
  await page.reload();
  await expect(page.getByLabel('HSN code')).toHaveValue('910211');
  await expect(page.getByLabel('Country of origin')).toHaveValue('Japan');
  const admin = (await (await page.request.get(`/api/admin/products/${id}`)).json()).product;
  expect(admin).toMatchObject({ hsnCode: '910211', countryOfOrigin: 'Japan' });
  expect((await (await page.request.get(`/api/products/${id}`)).json()).countryOfOrigin).toBe('Japan');
});

test('an admin deletes a product after the confirmation, and a bad video link is explained', async ({ page }) => {
  await adminLogin(page, '/dashboard/upload');
  await page.getByLabel('Name').fill('Short-lived Watch');
  await page.getByLabel('Category').selectOption('celebrity watch');
  await page.getByLabel('Country of origin').fill('India');
  await page.getByLabel(/Video link/).fill('https://evil.example/clip');
  await page.getByRole('button', { name: 'UPLOAD PRODUCT' }).click();
  await expect(page.getByRole('alert').first()).toContainText(
    'The video link must be a YouTube, Instagram, Facebook or Vimeo address',
  );
  await expect(page.getByLabel('Name')).toHaveValue('Short-lived Watch');
  await page.getByLabel(/Video link/).fill('');
  await page.getByRole('button', { name: 'UPLOAD PRODUCT' }).click();
  await expectMessage(page, 'Product uploaded successfully');

  await page.goto('/dashboard/products');
  await page.getByLabel('Category').selectOption('celebrity watch');
  await page.getByRole('button', { name: 'Delete Short-lived Watch' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/^Do you want to Delete \w+/);
  await screenshots(page, 'admin-delete-confirm');
  await dialog.getByRole('button', { name: 'NO' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Short-lived Watch' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click();
  await expectMessage(page, 'Product deleted');
  await expect(page.getByRole('button', { name: 'Delete Short-lived Watch' })).toHaveCount(0);
});
