/**
 * A failed delivery with Shiprocket (docs/product.md#failed-deliveries), against the fake Shiprocket
 * of the "services" project: an order booked from Admin Orders is picked up, goes out for delivery
 * and comes back undelivered, each step Shiprocket's own webhook with the shop's token. The owner
 * sees the courier's reason and the attempt on the order and in FAILED DELIVERIES; the shopper opens
 * the link from the mail without logging in and asks for another day, which goes to Shiprocket's NDR
 * action at once; the owner's queue shows it sent. The order's shipping panel at each step, and the
 * queue, at 360 and 1280 px: nothing overflows, axe finds nothing.
 * Run: npm run build && E2E_PORT=6200 npx playwright test courier-failed-delivery --project=services
 */
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import {
  bookWithShiprocket,
  checkBothWidths,
  minutesAgo,
  orderRow,
  shiprocketSays,
  signUpAndOrder,
} from './courier-steps.ts';
import { screenshots } from './fixtures.ts';
import { expectNothingOverflows, viewportShots } from './layout-checks.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

// Other journeys' runs share test-results/: no trace files to lose under them.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 240_000 });

const ADDRESS = '14, Jasmine Court, near Clock Tower, Chennai - 600002, Tamil Nadu';
const REASON = 'Consignee not available, door locked';

test('Shiprocket reports a failed attempt; the shopper picks another day, and it goes to Shiprocket at once', async ({
  page,
  browser,
}) => {
  const email = `courier-ndr-${Date.now() % 1_000_000}@example.in`;
  const shopperContext = await browser.newContext();
  const lakshmi = { name: 'Lakshmi Rao', email, address: ADDRESS, password: 'shopper-pass-1' };
  const [number] = (await signUpAndOrder(shopperContext.request, lakshmi)).numbers as [string];
  await shopperContext.close();

  // Booked with Shiprocket: the order's shipping panel with the AWB.
  await adminLogin(page, '/dashboard/orders');
  const awb = await bookWithShiprocket(page, number);
  const row = orderRow(page, number);
  await checkBothWidths(page);
  await screenshots(page, 'courier-ndr-booked');

  // Shiprocket's webhooks: picked up, out for delivery, then undelivered with the courier's reason.
  await shiprocketSays(page.request, { awb, statusId: 42, status: 'PICKED UP', at: minutesAgo(90) });
  await shiprocketSays(page.request, { awb, statusId: 17, status: 'OUT FOR DELIVERY', at: minutesAgo(40) });
  await shiprocketSays(page.request, {
    awb,
    statusId: 21,
    status: 'UNDELIVERED',
    at: minutesAgo(10),
    activity: REASON,
  });
  await page.reload();
  const panel = row.locator('.adm-shipment');
  await expect(panel.locator('.adm-shipment-now')).toContainText('Failed delivery');
  await expect(panel).toContainText(`1 failed attempt: “${REASON}”`);
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('dispatched');
  await checkBothWidths(page);
  await viewportShots(page, 'courier-ndr-failed-order', panel);

  // The owner's queue: the reason, one attempt, no choice yet.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'FAILED DELIVERIES' }).click();
  const card = page.locator('li.adm-fd', { hasText: number });
  await expect(card).toContainText(REASON);
  await expect(card).toContainText('1 attempt');
  await expect(card).toContainText(`AWB ${awb}`);
  await expect(card).toContainText('None yet');
  await checkBothWidths(page);
  await viewportShots(page, 'courier-ndr-queue-waiting', card);

  // The shopper opens the mail's link in a fresh browser, not logged in, and picks the second day.
  const mail = await expectMail(email, `We could not deliver your order ${number}`);
  const link = mail.text.match(/https?:\/\/\S+(\/delivery\/\S+)/);
  expect(link, mail.text).not.toBeNull();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // /track, with the order number and phone, offers the same choice as the message (issue 34 item 11).
  const phone = (await (await page.request.get(`/api/admin/orders/${number}`)).json()).order.userPhone as string;
  await visitor.goto(`/track?order=${number}&phone=${phone}`);
  await expect(visitor.getByRole('link', { name: 'Choose a new delivery day' })).toHaveAttribute('href', link![1]!);
  await checkBothWidths(visitor);
  await viewportShots(visitor, 'courier-ndr-track-choice', visitor.locator('.track-result'));
  await visitor.goto(link![1]!);
  await expect(visitor.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(visitor.locator('.choice-facts')).toContainText(REASON);
  await expect(visitor.locator('.choice-facts')).toContainText(`AWB ${awb}`);
  const form = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'What should happen next?' }) });
  const days = form.locator('.choice-days input[type="radio"]');
  await expect(days).toHaveCount(3);
  await days.nth(1).check();
  const dayText = (await form.locator('.choice-days label').nth(1).textContent())?.trim() ?? '';
  expect(dayText).not.toBe('');
  await form.getByLabel('A landmark near you (optional)').fill('Behind the post office');
  await checkBothWidths(visitor);
  await form.getByRole('button', { name: 'Ask for another attempt' }).click();
  // With Shiprocket a new attempt goes at once, in the shopper's own request (decision 035).
  const done = visitor.locator('section.choice-done');
  await expect(done).toContainText(`Try again on ${dayText}`);
  await expect(done).toContainText('Behind the post office');
  await expect(done.getByRole('status')).toHaveText('Sent to the courier.');
  await expect(form).toHaveCount(0);
  await checkBothWidths(visitor);
  await viewportShots(visitor, 'courier-ndr-choice-sent', done);
  await visitorContext.close();

  // The owner's queue shows it sent by the store, with nothing left to press.
  await page.reload();
  await expect(card).toContainText(`Try again on ${dayText}`);
  await expect(card).toContainText('landmark “Behind the post office”');
  await expect(card.locator('.adm-fd-badge')).toHaveText('Sent to the courier');
  await expect(card.getByRole('button')).toHaveCount(0);
  // The heading counts it as sent, not as waiting on the owner.
  await expect(page.locator('.adm-heading p')).toContainText(/after a failed attempt, \d+ sent to the courier/);
  await expectNothingOverflows(page);
  expect(await axeViolations(page)).toEqual([]);
  await viewportShots(page, 'courier-ndr-queue-sent', card);
});
