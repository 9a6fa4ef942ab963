/**
 * WhatsApp order updates (docs/whatsapp.md) against the fake Graph API, which the "services"
 * project's server starts (playwright.config.ts, tests/e2e/server.ts). A shopper ticks "Send my
 * order updates on WhatsApp" at checkout, gets the Confirm/Cancel message, taps Confirm (a signed webhook, as Meta
 * posts it), and the owner sees the order confirmed by the shopper in Admin Orders and in "Needs
 * you"; the profile turns the updates off again.
 * Run: npm run build && npx playwright test whatsapp
 */
import { productPath } from '../../src/common/catalog.ts';
import { adminLogin } from './admin-fixtures.ts';
import { screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows } from './layout-checks.ts';
import { expect, test } from './test.ts';
import { expectWhatsApp, sendFromWhatsAppLink, tapButton } from './whatsapp-inbox.ts';

/** The "Get updates on WhatsApp" link's href (docs/whatsapp.md#numbers-proven-first). */
async function proofHref(link: import('@playwright/test').Locator): Promise<string> {
  await expect(link).toHaveAttribute('href', /^https:\/\/wa\.me\/15550783881\?text=Send%20me%20updates/);
  return (await link.getAttribute('href')) ?? '';
}

test.describe.configure({ timeout: 180_000 });

const ADDRESS = '21, Palm Grove, near Bus Stand, Jaipur - 302001, Rajasthan';

test('consent at checkout, Confirm on WhatsApp, and the owner sees the order confirmed', async ({ page, browser }) => {
  const phone = uniquePhone();
  const signup = await page.request.post('/api/signup', {
    data: { name: 'Ritu Sharma', number: phone, email: 'ritu@example.in', address: ADDRESS, password: 'ritu-pass-12' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  expect((await page.request.post('/api/cart/items', { data: { productId: product.id, quantity: 1 } })).status()).toBe(
    200,
  );

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(ADDRESS).check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  // The box is there, unticked: nothing is agreed for the shopper.
  const consent = dialog.getByLabel('Send my order updates on WhatsApp');
  await expect(consent).not.toBeChecked();
  await consent.check();
  // Nothing goes to the number until it sends its code: the link to do so shows under the box.
  const link = dialog.getByRole('link', { name: 'Get updates on WhatsApp' });
  await expect(link).toBeVisible();
  await expect(dialog.getByText('Tap to send us the code on WhatsApp')).toBeVisible();
  await link.scrollIntoViewIfNeeded();
  await expectNothingOverflows(page);
  await screenshots(page, 'whatsapp-checkout-consent');
  await page.setViewportSize({ width: 360, height: 740 });
  await sendFromWhatsAppLink(page.request, phone, await proofHref(link));
  // Back from WhatsApp: the page asks again and says so.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(dialog.getByText('WhatsApp updates on')).toBeVisible();
  await screenshots(page, 'whatsapp-checkout-proven');
  await page.setViewportSize({ width: 360, height: 740 });
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  const orderNumber = (await page.locator('.confirmation-id').textContent())?.trim() ?? '';

  // The Confirm/Cancel message arrives on the shopper's WhatsApp, with the advance link.
  const message = await expectWhatsApp(phone, 'order_placed');
  expect(message.body[1]).toBe(orderNumber);
  expect(message.buttons).toHaveLength(2);
  await tapButton(page.request, message, 0);
  // The thank-you answers the tap (free-form text, inside WhatsApp's 24-hour window).
  await expect.poll(async () => (await page.request.get('/api/profile/messages')).status()).toBe(200);

  // The owner sees it beside the advance, and on the dashboard.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner, '/dashboard/orders');
  await owner.getByLabel('Order number, phone or UTR').fill(orderNumber);
  await owner.getByRole('button', { name: 'Search' }).click();
  const row = owner.getByRole('row', { name: new RegExp(orderNumber) }).first();
  await expect(row).toContainText('Confirmed by the shopper on WhatsApp');
  await expectNothingOverflows(owner);
  await screenshots(owner, 'whatsapp-admin-confirmed');
  await owner.goto('/dashboard');
  await expect(owner.getByRole('link', { name: /confirmed by the shopper/ })).toBeVisible();
  await screenshots(owner, 'whatsapp-needs-you');
  await ownerContext.close();

  // The shopper turns the updates off on the profile.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/profile');
  const updates = page.getByLabel('Send my order updates on WhatsApp');
  await expect(updates).toBeChecked();
  await expect(page.getByText('WhatsApp updates on')).toBeVisible();
  await expectNothingOverflows(page);
  await screenshots(page, 'whatsapp-profile');
  await page.setViewportSize({ width: 360, height: 740 });
  await updates.uncheck();
  await expect(page.getByText('Saved')).toBeVisible();
  const prefs = await (await page.request.get('/api/profile/messages')).json();
  expect(prefs).toMatchObject({ whatsappUpdates: false, offers: false });
});

test('a Hindi shopper gets Hindi templates, and Cancel on WhatsApp cancels the order and returns its stock', async ({
  page,
  browser,
}) => {
  const phone = uniquePhone();
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Sunita Devi',
      number: phone,
      email: 'sunita@example.in',
      address: ADDRESS,
      password: 'sunita-pass-12',
    },
  });
  expect(signup.status()).toBe(201);

  // The shopper turns updates on and picks Hindi on the profile.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/profile');
  await page.getByLabel('Send my order updates on WhatsApp').check();
  await expect(page.getByText('Saved')).toBeVisible();
  const link = page.getByRole('link', { name: 'Get updates on WhatsApp' });
  await expect(link).toBeVisible();
  await screenshots(page, 'whatsapp-profile-code');
  await page.setViewportSize({ width: 360, height: 740 });
  await sendFromWhatsAppLink(page.request, phone, await proofHref(link));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('WhatsApp updates on')).toBeVisible();
  await page.getByLabel('Language of the messages').selectOption('hi');
  await expect.poll(async () => (await (await page.request.get('/api/profile/messages')).json()).language).toBe('hi');
  await expectNothingOverflows(page);
  await screenshots(page, 'whatsapp-profile-hindi');

  // The owner's view of the stock, before and after.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner, '/dashboard');
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const stock = async () =>
    (await (await owner.request.get(`/api/admin/products/${product.id}`)).json()).product.stockCount as number | null;
  const before = await stock();

  expect((await page.request.post('/api/cart/items', { data: { productId: product.id, quantity: 1 } })).status()).toBe(
    200,
  );
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(ADDRESS).check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  const orderNumber = (await page.locator('.confirmation-id').textContent())?.trim() ?? '';
  if (before !== null) await expect.poll(stock).toBe(before - 1);

  // The message is the Hindi template, with Hindi buttons.
  const message = await expectWhatsApp(phone, 'order_placed');
  expect(message.language).toBe('hi');
  expect(message.body[1]).toBe(orderNumber);
  await tapButton(page.request, message, 1);

  // The order is cancelled (the shopper sees it), the stock is back, and the cancellation comes in Hindi.
  const cancelled = await expectWhatsApp(phone, 'order_cancelled');
  expect(cancelled.language).toBe('hi');
  expect(cancelled.body[1]).toBe(orderNumber);
  if (before !== null) await expect.poll(stock).toBe(before);
  await page.goto('/orders');
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expect(page.getByText(/cancelled/i).first()).toBeVisible();
  await expectNothingOverflows(page);
  await screenshots(page, 'whatsapp-cancelled-orders');
  await ownerContext.close();
});

test('Notify me by WhatsApp: a visitor leaves a number, the owner restocks, the message arrives once', async ({
  page,
  browser,
}) => {
  const stamp = Date.now() % 1_000_000;
  const name = `Journey WhatsApp notify watch ${stamp}`;
  const phone = uniquePhone();

  // The owner lists a watch and marks it out of stock.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner);
  const created = await owner.request.post('/api/admin/products', {
    data: { name, category: 'men watch', brand: 'Titan', price: 6000, discountPrice: 5200, countryOfOrigin: 'India' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as string;
  const setStock = (inStock: boolean) => owner.request.patch(`/api/admin/products/${id}/stock`, { data: { inStock } });
  expect((await setStock(false)).status()).toBe(200);

  // A visitor on a phone gives a mobile number and ticks the WhatsApp box (its consent).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(productPath({ id, name }));
  const form = page.getByRole('form', { name: 'Tell me when it is back' });
  await form.getByLabel('Your mobile number or email').fill(phone);
  await form.getByLabel('Send it to my number on WhatsApp').check();
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Done. We will tell you once, as soon as it is back.' }),
  ).toBeVisible();
  // The number is theirs only once it sends the request's code.
  const link = page.getByRole('link', { name: 'Get updates on WhatsApp' });
  await expect(link).toBeVisible();
  await expectNothingOverflows(page);
  await screenshots(page, 'whatsapp-notify-me');
  await sendFromWhatsAppLink(page.request, phone, await proofHref(link));

  // The owner marks it in stock: one back_in_stock message with the watch and its page.
  expect((await setStock(true)).status()).toBe(200);
  const message = await expectWhatsApp(phone, 'back_in_stock');
  expect(message.body[0]).toBe(name);
  expect(message.body[1]).toContain(`/${id}/`);
  // (A second restock sends nothing more: back-in-stock.test.ts proves it where the sends can be counted.)
  await ownerContext.close();
});
