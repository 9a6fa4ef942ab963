/**
 * A shopper orders; the admin moves the order to delivered; the shopper's
 * Your Orders and History follow at once. The shopper is in their own browser
 * context (their own cookies); their order is placed through the orders API.
 */
import { randomUUID } from 'node:crypto';
import { adminLogin } from './admin-fixtures.ts';
import { screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test('the admin delivers a shopper’s order and it moves to the shopper’s History', async ({ page, browser }) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: {
      name: 'Nisha Rao',
      number: phone,
      email: 'nisha@example.in',
      address: '8, Rose Villa, near Temple, Chennai - 600001, Tamil Nadu',
      password: 'nisha-pass-1',
    },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await shopper.request.post('/api/orders', {
    data: {
      address: '8, Rose Villa, near Temple, Chennai - 600001, Tamil Nadu',
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 2 }],
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: string = (await placed.json()).order.number;

  await shopper.goto('/orders');
  const open = shopper.locator('.order-card', { hasText: orderId });
  await expect(open).toContainText('Pending');

  // The admin finds the order by the shopper's number and sets it to delivered.
  await adminLogin(page, '/dashboard/orders');
  await page.getByLabel('Order number, phone or UTR').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(orderId) }).first();
  await expect(row).toContainText('Nisha Rao');
  await expect(row).toContainText('2');
  await expect(row.getByRole('link', { name: product.name })).toBeVisible();
  await screenshots(page, 'admin-orders');
  // Packing needs the ₹300 advance (the packing gate): the owner found it paid.
  await row.getByRole('button', { name: /Mark received/ }).click();
  await expectMessage(page, `Order ${orderId}: advance marked received`);
  await page.getByLabel(`State of order ${orderId}`).selectOption('packed');
  await expectMessage(page, `Order ${orderId} is now Packed`);
  await shopper.reload();
  await expect(shopper.locator('.order-card', { hasText: orderId })).toContainText('Packed');

  await page.getByLabel(`State of order ${orderId}`).selectOption('delivered');
  await expectMessage(page, `Order ${orderId} is now Delivered`);
  await expect(page.getByLabel(`State of order ${orderId}`)).toHaveValue('delivered');

  await shopper.goto('/orders');
  await expect(shopper.getByText(orderId)).toHaveCount(0);
  await shopper.goto('/history');
  await expect(shopper.locator('.order-card', { hasText: orderId })).toContainText('Delivered');
  await screenshots(shopper, 'admin-orders-shopper-history');
  await shopperContext.close();
});

test('an admin records leads by hand and from a CSV, and adds an admin', async ({ page }) => {
  await adminLogin(page, '/dashboard/leads');
  await expect(page.getByRole('button', { name: 'Our Website' })).toBeVisible();
  await page.getByLabel('Platform', { exact: true }).selectOption('amazon');
  await page.getByLabel('Customer', { exact: true }).fill('Arjun Mehta');
  await page.getByLabel('Product name', { exact: true }).fill('Casio Edifice');
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add lead' }).click();
  await expectMessage(page, 'Lead added');
  await page.getByRole('button', { name: 'Amazon' }).click();
  await expect(page.getByRole('row', { name: /Arjun Mehta/ })).toBeVisible();

  const csv =
    'platform,customer,phone,productName,quantity\r\nwhatsapp,Leela,9876501234,Fossil Grant,1\r\nflipkart,Wrong,,Thing,1\r\n';
  await page
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('line 3: The platform must be amazon or whatsapp')).toBeVisible();
  await screenshots(page, 'admin-leads-import-errors');
  await page.getByRole('button', { name: 'Import only the good rows' }).click();
  await expectMessage(page, '1 leads imported, 1 skipped');
  await page.getByRole('button', { name: 'Whatsapp' }).click();
  await expect(page.getByRole('row', { name: /Leela/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'ADMINS' }).click();
  await page.getByLabel('Username').fill('second-admin');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Add admin' }).click();
  await expect(page.getByRole('alert').first()).toContainText('The password should contain at least 12 characters');
  await page.getByLabel(/^Password/).fill('second-admin-pass');
  await page.getByRole('button', { name: 'Add admin' }).click();
  await expectMessage(page, 'Admin second-admin added');
  await expect(page.getByRole('row', { name: /second-admin/ })).toContainText('Never');
  await screenshots(page, 'admin-admins');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
});
