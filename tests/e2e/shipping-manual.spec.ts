/**
 * Shipping with the manual courier (docs/product.md#shipping): the owner types the courier and the
 * AWB on an order and sets its steps by hand; the shopper follows the parcel on Your Orders and on
 * /track (order number and phone, no log-in, without JavaScript too); the product page checks a
 * pincode before the order. Run: npm run build && E2E_PORT=3201 npx playwright test shipping-manual
 */
import { randomUUID } from 'node:crypto';
import { productPath } from '../../src/common/catalog.ts';
import { adminLogin } from './admin-fixtures.ts';
import { stableProducts, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

// A shopper and the owner in two browsers: three times the usual time.
test.describe.configure({ timeout: 180_000 });
const ADDRESS = '21, Palm Court, near Lake Park, Pune - 411001, Maharashtra';
const EMAIL = 'parcel-shopper@example.in';

test('the owner types the courier and AWB and sets steps; the shopper tracks it on Your Orders and /track', async ({
  page,
  browser,
}) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: { name: 'Arjun Menon', number: phone, email: EMAIL, address: ADDRESS, password: 'arjun-pass-1' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await shopper.request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const number: string = (await placed.json()).order.number;

  // The owner finds the order, marks the advance received, and types the courier and its AWB.
  await adminLogin(page, `/dashboard/orders?q=${number}`);
  const row = page.locator('tbody.adm-order', { hasText: number });
  // Folded while the advance is awaited: the order cannot go out yet.
  await expect(row.getByText('Add courier and AWB')).toBeVisible();
  await expect(row.getByLabel('Tracking number (AWB)')).toBeHidden();
  await row.getByRole('button', { name: /Mark received/ }).click();
  await expect(row).toContainText('Advance received');
  const awb = `DLV${Date.now()}`.slice(0, 16);
  await row.getByLabel('Courier').fill('Delhivery');
  await row.getByLabel('Tracking number (AWB)').fill('bad awb');
  await row.getByRole('button', { name: /Save courier/ }).click();
  await expect(row).toContainText('6 to 40 letters, digits or dashes');
  await row.getByLabel('Tracking number (AWB)').fill(awb);
  await row.getByRole('button', { name: /Save courier/ }).click();
  await expect(row.getByRole('link', { name: awb })).toHaveAttribute(
    'href',
    `https://www.delhivery.com/track/package/${awb}`,
  );
  await expect(row).toContainText('Booked, waiting for pickup');

  // Picked up: the order is dispatched with it, and the shopper is mailed.
  await row.getByText('Change courier or step').click();
  await row.getByLabel('Parcel step').selectOption('picked_up');
  await row.getByRole('button', { name: /Set step/ }).click();
  await expect(row.locator('.adm-shipment-now')).toContainText('Picked up');
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('dispatched');
  await expectMail(EMAIL, `Your order ${number} is on its way`);
  await row.getByLabel('Parcel step').selectOption('out_for_delivery');
  await row.getByRole('button', { name: /Set step/ }).click();
  await expect(row.locator('.adm-shipment-now')).toContainText('Out for delivery');
  await expectMail(EMAIL, `Your order ${number} is out for delivery today`);
  await expectNothingOverflows(page);
  await viewportShots(page, 'shipping-admin-order', row);

  // The shopper sees the courier, the AWB with its link and the latest scan on Your Orders.
  await shopper.goto('/orders');
  const card = shopper.locator('.order-card', { hasText: number });
  // The machine may be busy: the list loads after the page.
  await expect(card).toContainText('Out for delivery today', { timeout: 30_000 });
  await expect(card).toContainText('Delhivery');
  await expect(card.getByRole('link', { name: new RegExp(awb) })).toHaveAttribute(
    'href',
    `https://www.delhivery.com/track/package/${awb}`,
  );
  await expectNothingOverflows(shopper);
  await viewportShots(shopper, 'shipping-your-orders', card.locator('.shipment-info'));
  await shopperContext.close();

  // /track without a log-in and without JavaScript: the GET form, answered by the server.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  await visitor.goto('/track');
  await visitor.getByLabel('Order number').fill(number.toLowerCase());
  await visitor.getByLabel('Phone you ordered with').fill(phone);
  await visitor.getByRole('button', { name: 'Track' }).click();
  await expect(visitor).toHaveURL(/\/track\?order=/);
  await expect(visitor.locator('.track-result')).toContainText(number);
  await expect(visitor.locator('.track-result')).toContainText('Out for delivery today');
  await expect(visitor.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(visitor.locator('.shipment-history li')).toHaveCount(2);
  // The cash to keep ready, by the one rule (common/advance.ts codMoney), as Your Orders says it.
  await expect(visitor.locator('.track-cash')).toHaveText(/^To pay on delivery: ₹[\d,]+$/);
  await viewportShots(visitor, 'shipping-track', visitor.locator('.track-result'));
  // A wrong phone says what an unknown order says.
  await visitor.goto(`/track?order=${number}&phone=9000000009`);
  const wrong = await visitor.locator('.track-error').textContent();
  await visitor.goto('/track?order=TSW-99999999&phone=9000000009');
  await expect(visitor.locator('.track-error')).toHaveText(wrong ?? 'missing');
  await expect(visitor.locator('.track-result')).toHaveCount(0);
  await viewportShots(visitor, 'shipping-track-unknown');
  await noScript.close();

  // With JavaScript, the same page hydrates without a mismatch (the journey's console guard).
  await page.goto(`/track?order=${number}&phone=${phone}`);
  await expect(page.locator('.track-result')).toContainText('Out for delivery today');
});

test('the product page checks a pincode: served, and one we do not deliver to', async ({ page }) => {
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  await page.goto(productPath(product));
  // The check is the browser's (the server's page has no answer to give): wait for the script.
  await page.waitForLoadState('networkidle');
  const check = page.locator('form.pincode-check');
  await check.getByLabel('Deliver to pincode').fill('411001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText(
    /^Delivery by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} · cash on delivery available$/,
  );
  await viewportShots(page, 'shipping-pincode-served', check);
  await check.getByLabel('Deliver to pincode').fill('123456');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText('We do not deliver to 123456 yet');
  await expectNothingOverflows(page);
  await viewportShots(page, 'shipping-pincode-unknown', check);
  await check.getByLabel('Deliver to pincode').fill('12345');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check).toContainText('Please enter a valid 6-digit pincode');
});
