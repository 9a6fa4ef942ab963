/**
 * A returning shopper: the cart kept as a visitor merges into the account cart
 * on log-in; a logged-in shopper edits the profile, orders with a saved address
 * and logs out. Two journeys, so each fits its time on a busy machine.
 */

import { addFromProductPage, screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test('a returning shopper logs in and the visitor cart merges into the account cart', async ({ page, request }) => {
  const [a, b] = (await stableProducts(request)).slice(2);
  if (!a || !b) throw new Error('the seeded catalogue has too few watches in stock');

  // The account exists already, with watch A twice in its server cart (made outside this browser).
  const number = uniquePhone();
  const password = 'returning-pass-1';
  const address = '21, Lake View Towers, near Central Park, Bengaluru - 560001, Karnataka';
  const signup = await request.post('/api/signup', {
    data: { name: 'Ravi Kumar', number, email: 'ravi@example.com', address, password },
  });
  expect(signup.status()).toBe(201);
  expect((await request.post('/api/cart/items', { data: { productId: a.id, quantity: 2 } })).status()).toBe(200);

  // As a visitor in the browser: A once more, and B.
  await addFromProductPage(page, a);
  await addFromProductPage(page, b);

  // The account page asks a visitor to log in.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Your password should contain at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The phone number or password is wrong. Please try again.')).toBeVisible();
  await screenshots(page, 'accounts-login-error');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectMessage(page, 'Logged in successfully');
  // Back one step: the account page, now showing the account.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await expect(page.getByLabel('Quantity').first()).toHaveValue('3');
  await expect(page.getByLabel('Quantity').nth(1)).toHaveValue('1');
  await screenshots(page, 'accounts-merged-cart');
});

test('a logged-in shopper edits the profile, orders with a saved address and logs out', async ({ page }) => {
  const [a, b] = (await stableProducts(page.request)).slice(2);
  if (!a || !b) throw new Error('the seeded catalogue has too few watches in stock');
  // Signed up in this browser (page.request shares its cookies): logged in, with A three times and B in the cart.
  const number = uniquePhone();
  const address = '21, Lake View Towers, near Central Park, Bengaluru - 560001, Karnataka';
  const signup = await page.request.post('/api/signup', {
    data: { name: 'Ravi Kumar', number, email: 'ravi@example.com', address, password: 'returning-pass-1' },
  });
  expect(signup.status()).toBe(201);
  for (const [product, quantity] of [
    [a, 3],
    [b, 1],
  ] as const) {
    const added = await page.request.post('/api/cart/items', { data: { productId: product.id, quantity } });
    expect(added.status()).toBe(200);
  }

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await screenshots(page, 'accounts-profile');
  await page.getByRole('link', { name: 'Edit address 1' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete address 1' })).toHaveCount(0);
  await page.getByLabel('Name').fill('Ravi K');
  await page.getByRole('button', { name: '+ Add address' }).click();
  await page.getByRole('textbox', { name: 'Address 2' }).fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please provide a valid address')).toBeVisible();
  const second = '5, Hill Crest, near Old Temple, Mysuru - 570001, Karnataka';
  await page.getByRole('textbox', { name: 'Address 2' }).fill(second);
  await screenshots(page, 'accounts-edit-profile');
  await page.getByRole('button', { name: 'Save' }).click();
  // Back one page, with the change shown.
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.getByText('Ravi K', { exact: true })).toBeVisible();
  await expect(page.getByText(second)).toBeVisible();

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(address).check();
  await screenshots(page, 'accounts-checkout-addresses');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await expect(dialog.getByText(address)).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  const orderId = (await page.locator('.confirmation-id').textContent())?.trim() ?? '';

  await page.goto('/orders');
  const order = page.getByRole('article').filter({ hasText: orderId });
  await expect(order.getByText('Quantity: 3')).toBeVisible();
  await expect(order.getByText('Pending')).toBeVisible();

  await page.goto('/history');
  await expect(page.getByText('You have no delivered orders yet.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Explore watches' })).toHaveAttribute(
    'href',
    '/product',
  );
  await screenshots(page, 'accounts-history-empty');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();
});
