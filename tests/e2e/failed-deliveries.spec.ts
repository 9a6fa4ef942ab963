/**
 * Failed deliveries with the manual courier (docs/product.md#failed-deliveries): a failed attempt
 * arrives (the owner's step, as the courier phoned it in), the shopper opens the link from the mail
 * without logging in and asks for another attempt on a day with a landmark, and the owner sees the
 * choice in "Failed deliveries" and marks it sent once phoned to the courier. Screens at 360 and
 * 1280 px, checked with axe. Run: npm run build && E2E_PORT=3211 npx playwright test failed-deliveries
 */
import { randomUUID } from 'node:crypto';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { stableProducts, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 180_000 });
const ADDRESS = '7, Lotus Towers, near City Mall, Nagpur - 440001, Maharashtra';
const EMAIL = 'failed-delivery-shopper@example.in';

test('a failed delivery: the shopper chooses a day by the link, the owner sends it on', async ({ page, browser }) => {
  // The shopper's order, placed through the API (the checkout has its own journeys).
  const shopperContext = await browser.newContext();
  const api = (await shopperContext.newPage()).request;
  const signup = await api.post('/api/signup', {
    data: { name: 'Meera Iyer', number: uniquePhone(), email: EMAIL, address: ADDRESS, password: 'meera-pass-1' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(api);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await api.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const number: string = (await placed.json()).order.number;

  // The owner books it by hand, it is picked up, and the courier reports a failed attempt.
  await adminLogin(page, `/dashboard/orders?q=${number}`);
  const row = page.locator('tbody.adm-order', { hasText: number });
  await row.getByRole('button', { name: /Mark received/ }).click();
  await expect(row).toContainText('Advance received');
  await row.getByLabel('Courier').fill('Delhivery');
  await row.getByLabel('Tracking number (AWB)').fill(`DLV${Date.now()}`.slice(0, 16));
  await row.getByRole('button', { name: /Save courier/ }).click();
  await expect(row).toContainText('Booked, waiting for pickup');
  await row.getByText('Change courier or step').click();
  await row.getByLabel('Parcel step').selectOption('picked_up');
  await row.getByRole('button', { name: /Set step/ }).click();
  await expect(row.locator('.adm-shipment-now')).toContainText('Picked up');
  await row.getByLabel('Parcel step').selectOption('undelivered');
  await row.getByLabel("Courier's reason").fill('Customer not available');
  await row.getByRole('button', { name: /Set step/ }).click();
  await expect(row.locator('.adm-shipment-now')).toContainText('Failed delivery');

  // The mail carries the link; the shopper opens it in a fresh browser, not logged in.
  const mail = await expectMail(EMAIL, `We could not deliver your order ${number}`);
  const link = mail.text.match(/https?:\/\/\S+(\/delivery\/\S+)/);
  expect(link, mail.text).not.toBeNull();
  await shopperContext.close();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link![1]!);
  await expect(visitor.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(visitor.locator('.choice-facts')).toContainText('Customer not available');
  const form = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'What should happen next?' }) });
  // A landmark with a line break is refused in words; one plain line goes.
  const days = form.locator('.choice-days input[type="radio"]');
  await expect(days).toHaveCount(3);
  await days.nth(1).check();
  const dayText = (await form.locator('.choice-days label').nth(1).textContent())?.trim() ?? '';
  await form.getByLabel('A landmark near you (optional)').fill('Opposite the blue gate');
  await expectNothingOverflows(visitor);
  expect(await axeViolations(visitor)).toEqual([]);
  await viewportShots(visitor, 'failed-delivery-choice', form);
  // Sent with the keyboard.
  await form.getByRole('button', { name: 'Ask for another attempt' }).focus();
  await visitor.keyboard.press('Enter');
  // The manual courier: the choice waits for the owner, and may still be changed until it is sent.
  await expect(form).toContainText('Thank you: your choice is saved.');
  await expect(form).toContainText(`You chose: Try again on ${dayText}`);
  await expect(form).toContainText('Opposite the blue gate');
  expect(await axeViolations(visitor)).toEqual([]);
  await viewportShots(visitor, 'failed-delivery-chosen', form.getByText('Thank you: your choice is saved.'));
  // A forged link opens nothing.
  await visitor.goto(`/delivery/${number}/${'A'.repeat(24)}`);
  await expect(visitor.getByRole('alert')).toContainText('This link is not valid');
  await visitorContext.close();

  // The owner: the dashboard counts it, the queue shows the reason, attempts and choice.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /failed deliver(y|ies) to act on/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'FAILED DELIVERIES' }).click();
  const card = page.locator('li.adm-fd', { hasText: number });
  await expect(card).toContainText('Customer not available');
  await expect(card).toContainText('1 attempt');
  await expect(card).toContainText(`Try again on ${dayText}`);
  await expect(card).toContainText('Opposite the blue gate');
  await expect(card).toContainText('Not sent yet');
  await expectNothingOverflows(page);
  expect(await axeViolations(page)).toEqual([]);
  await viewportShots(page, 'failed-deliveries-queue', card);
  await card.getByRole('button', { name: `Mark ${number} sent to the courier` }).click();
  await expect(page.getByText(`Order ${number}: marked sent to the courier`)).toBeVisible();
  await expect(card).toContainText('Sent to the courier');
  await expect(card.getByRole('button')).toHaveCount(0);
  await viewportShots(page, 'failed-deliveries-sent', card);
});
