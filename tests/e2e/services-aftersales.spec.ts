/**
 * After the parcel (docs/product.md#after-sales), against the fake Shiprocket of the "services"
 * project, at 360 and 1280 px:
 * - an exchange: the shopper asks it from History (the cost shown before sending), the owner approves
 *   it in AFTER-SALES and Shiprocket's return API books the pickup, the return's webhooks bring it
 *   back, the owner's "Received back and checked" passes it, the replacement order asks the
 *   difference and the courier by UPI, and once paid it is dispatched;
 * - a damaged watch reported with a photo, which the owner sees, approves (Shiprocket's return API),
 *   receives back and checks, and refunds: its UTR and date on the shopper's order and the credit note.
 * Run: E2E_PORT=3621 npx playwright test services-aftersales --project=services --workers=1
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminLogin, watchPicture } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { minutesAgo, shiprocketSays, signUp } from './courier-steps.ts';
import { DESKTOP, expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { pdfText } from './pdf-text.ts';
import { expect, test } from './test.ts';

test.use({ trace: 'off' });
test.describe.configure({ timeout: 300_000 });

const ADDRESS = '14, Lake View Towers, near Ram Mandir, Pune - 411001, Maharashtra';

async function newWatch(admin: APIRequestContext, name: string, discountPrice: number): Promise<string> {
  const created = await admin.post('/api/admin/products', {
    data: {
      name,
      category: 'men watch',
      brand: 'Titan',
      price: discountPrice + 1000,
      discountPrice,
      countryOfOrigin: 'India',
      stockCount: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).product.id as string;
}

/** An order of `productId` placed by the shopper, paid and delivered by the owner's clicks: its number. */
async function deliveredOrder(shopper: APIRequestContext, admin: APIRequestContext, productId: string) {
  const placed = await shopper.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = (await placed.json()).order.number as string;
  expect(
    (await admin.post(`/api/admin/orders/${number}/advance`, { data: { action: 'received', note: '' } })).status(),
  ).toBe(200);
  for (const state of ['dispatched', 'delivered']) {
    const moved = await admin.patch(`/api/admin/orders/${number}/state`, { data: { state } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return number;
}

async function checkBoth(page: Page, name: string, show?: ReturnType<Page['locator']>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
    expect(await axeViolations(page), `axe at ${size.width}px on ${page.url()}`).toEqual([]);
  }
  await viewportShots(page, name, show);
}

test('an exchange is returned through Shiprocket, checked, and its replacement paid and dispatched', async ({
  page,
  browser,
}) => {
  await adminLogin(page, '/dashboard');
  const stamp = Date.now() % 1_000_000;
  const first = await newWatch(page.request, `Exchange From ${stamp}`, 4800);
  const wantedName = `Exchange To ${stamp}`;
  await newWatch(page.request, wantedName, 5600);

  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUp(shopper.request, {
    name: 'Meera Joshi',
    email: `as-${stamp}@example.in`,
    address: ADDRESS,
    password: 'shopper-pass-1',
  });
  const number = await deliveredOrder(shopper.request, page.request, first);

  // The shopper asks the exchange from History, and sees what it costs before sending.
  await shopper.goto('/history');
  const card = shopper.locator('article.order-card', { hasText: number });
  await card.getByRole('button', { name: 'Exchange this watch' }).click();
  const form = card.getByRole('form', { name: /^Exchange/ });
  await form
    .getByLabel('Why do you want to exchange it?')
    .fill('The dial is smaller than I expected.\nI prefer a bigger one.');
  await form.getByLabel('Or find another watch').fill(wantedName);
  await form.getByRole('radio', { name: new RegExp(wantedName) }).check();
  const money = form.getByRole('definition');
  await expect(form).toContainText('₹800');
  await expect(form).toContainText('₹200');
  await expect(money.last()).toHaveText('₹1,000');
  await checkBoth(shopper, 'aftersales-exchange-form', form);
  await form.getByRole('button', { name: 'Send exchange request' }).click();
  const status = card.locator('.after-sales-status');
  await expect(status).toContainText('Waiting for the shop');
  const requestNumber = (await status.locator('strong').first().textContent())!.trim();
  expect(requestNumber).toMatch(/^AS-\d{6}$/);

  // The owner approves it: Shiprocket's return API books the pickup and gives the return AWB.
  await page.goto('/dashboard/after-sales');
  const item = page.locator('li.adm-as', { hasText: requestNumber });
  await expect(item).toContainText(wantedName);
  await expect(item).toContainText('₹1,000');
  await checkBoth(page, 'aftersales-queue', item);
  await item.getByRole('button', { name: `Approve ${requestNumber}` }).click();
  await expect(item).toContainText(/AWB \d+/);
  const detail = (await (await page.request.get('/api/admin/after-sales?view=all')).json()).items.find(
    (i: { number: string }) => i.number === requestNumber,
  );
  const awb = detail.returnAwb as string;

  // Its webhooks: picked up at the shopper's, back at the shop.
  await shiprocketSays(page.request, { awb, statusId: 42, status: 'PICKED UP', at: minutesAgo(60), isReturn: true });
  await shopper.reload();
  await expect(status).toContainText(`AWB) ${awb}`);
  await expect(status).toContainText('Picked up by the courier');
  await checkBoth(shopper, 'aftersales-exchange-approved', status);
  await shiprocketSays(page.request, { awb, statusId: 7, status: 'DELIVERED', at: minutesAgo(5), isReturn: true });
  await page.reload();
  await expect(item).toContainText('Back at the shop');

  // Received back and checked: passed, with a photo; then the replacement order.
  const check = item.getByRole('form', { name: `Check ${requestNumber}` });
  await check.getByRole('radio', { name: /Passed/ }).check();
  await check.getByLabel(/^Photos/).setInputFiles(await watchPicture('back.png', '#3a6'));
  await check.getByLabel('What you found').fill('Unworn, box and papers complete.');
  await check.getByRole('button', { name: 'Save the check' }).click();
  await expect(item).toContainText('Check: passed');
  await item.getByRole('button', { name: 'Place the replacement order' }).click();
  // Finished, it leaves the open list; the message names the new order, and "All" still shows it.
  const placed = page.getByText(/AS-\d{6}: replacement order TSW-\d+ placed/);
  await expect(placed).toBeVisible();
  const replacement = (/TSW-\d+/.exec((await placed.textContent()) ?? '') ?? [''])[0];
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(item).toContainText(`Replacement order ${replacement}`);
  await checkBoth(page, 'aftersales-replacement', item);

  // The shopper pays the difference and the courier by UPI (the advance path) on Your Orders.
  await shopper.goto('/orders');
  const newCard = shopper.locator('article.order-card', { hasText: replacement });
  await expect(newCard).toContainText('₹1,000');
  await checkBoth(shopper, 'aftersales-replacement-order', newCard);
  const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
  expect((await shopper.request.post(`/api/orders/${replacement}/advance`, { data: { utr } })).status()).toBe(200);
  // Not before it is paid: the packing gate holds the replacement.
  expect(
    (await page.request.patch(`/api/admin/orders/${replacement}/state`, { data: { state: 'dispatched' } })).status(),
  ).toBe(409);
  expect(
    (
      await page.request.post(`/api/admin/orders/${replacement}/advance`, { data: { action: 'received', note: '' } })
    ).status(),
  ).toBe(200);
  expect(
    (await page.request.patch(`/api/admin/orders/${replacement}/state`, { data: { state: 'dispatched' } })).status(),
  ).toBe(200);
  await shopper.reload();
  await expect(newCard).toContainText('Dispatched');
  await expect(newCard.getByRole('link', { name: /Invoice/ })).toBeVisible();
  await context.close();
});

test('a damaged watch is reported with a photo, returned, checked and refunded with its UTR', async ({
  page,
  browser,
}) => {
  await adminLogin(page, '/dashboard');
  const stamp = Date.now() % 1_000_000;
  const watch = await newWatch(page.request, `Damaged One ${stamp}`, 3900);
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUp(shopper.request, {
    name: 'Ravi Kumar',
    email: `as-dmg-${stamp}@example.in`,
    address: ADDRESS,
    password: 'shopper-pass-1',
  });
  const number = await deliveredOrder(shopper.request, page.request, watch);

  await shopper.goto('/history');
  const card = shopper.locator('article.order-card', { hasText: number });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const form = card.getByRole('form', { name: /^Report a problem/ });
  // Nothing chosen: the form says what is missing and keeps what was typed.
  await form.getByLabel('Tell us what happened').fill('The glass arrived cracked <b>badly</b>.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form).toContainText('Please say what is wrong');
  await expect(form.getByLabel('Tell us what happened')).toHaveValue('The glass arrived cracked <b>badly</b>.');
  await form.getByRole('radio', { name: 'Arrived damaged' }).check();
  await form.getByLabel(/^Photos/).setInputFiles(await watchPicture('crack.png', '#a33'));
  await checkBoth(shopper, 'aftersales-problem-form', form);
  await form.getByRole('button', { name: 'Send report' }).click();
  const status = card.locator('.after-sales-status');
  await expect(status).toContainText('Problem: Arrived damaged');
  await checkBoth(shopper, 'aftersales-problem-sent', status);
  const requestNumber = (await status.locator('strong').first().textContent())!.trim();

  await page.goto('/dashboard/after-sales');
  const item = page.locator('li.adm-as', { hasText: requestNumber });
  // The queue loads after the dashboard's own chunk: on a busy machine that took over 10 s.
  await expect(item).toBeVisible({ timeout: 60_000 });
  await expect(item.getByRole('img', { name: 'Shopper’s photo 1' })).toBeVisible();
  // The shopper's markup is text on the owner's screen.
  await expect(item.locator('.adm-as-reason')).toHaveText('The glass arrived cracked <b>badly</b>.');
  await checkBoth(page, 'aftersales-problem-queue', item);

  // Approved: Shiprocket's return API books the pickup; its webhook brings the watch back.
  await item.getByRole('button', { name: `Approve ${requestNumber}` }).click();
  await expect(item).toContainText(/AWB \d+/);
  const awb = /AWB (\d+)/.exec((await item.textContent()) ?? '')![1]!;
  await shiprocketSays(page.request, { awb, statusId: 7, status: 'DELIVERED', at: minutesAgo(5), isReturn: true });
  await page.reload();
  await expect(item).toContainText('Back at the shop');
  const check = item.getByRole('form', { name: `Check ${requestNumber}` });
  await check.getByRole('radio', { name: /Passed/ }).check();
  await check.getByLabel('What you found').fill('Glass cracked as the photo shows.');
  await check.getByRole('button', { name: 'Save the check' }).click();
  await expect(item).toContainText('Check: passed');
  await item.getByRole('button', { name: 'Refund instead' }).click();

  // The refund, once paid from the shop's UPI app: a hostile reference and more than was paid are
  // refused in place; then it is recorded with its UTR and date (the one settlement path).
  const refund = item.getByRole('form', { name: `Refund ${requestNumber}` });
  await expect(refund.getByLabel('Amount refunded (₹)')).toHaveValue('3900');
  await refund.getByLabel('UPI or bank reference (UTR)').fill('<b>4123</b>');
  await refund.getByRole('button', { name: `Record the refund of ${requestNumber}` }).click();
  await expect(refund.getByText(/6 to 22 letters or digits/).first()).toBeVisible();
  const utr = `${Date.now()}`.slice(-12).padStart(12, '5');
  await refund.getByLabel('UPI or bank reference (UTR)').fill(utr);
  await refund.getByLabel('Amount refunded (₹)').fill('3900.01');
  await refund.getByRole('button', { name: `Record the refund of ${requestNumber}` }).click();
  await expect(refund).toContainText('more than the buyer paid for this order: ₹3,900.00 paid');
  await checkBoth(page, 'aftersales-refund-form', refund);
  await refund.getByLabel('Amount refunded (₹)').fill('3900');
  await refund.getByRole('button', { name: `Record the refund of ${requestNumber}` }).click();
  await expect(page.getByText(`${requestNumber}: refund recorded`)).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(item).toContainText('Refunded');
  const recorded = new RegExp(
    `Refunded ₹3,900\\.00 on \\d{1,2} \\w{3} \\d{4} \\(wrong, damaged or faulty watch\\), reference ${utr}\\.`,
  );
  await expect(item.locator('.adm-as-refunds')).toContainText(recorded);
  await checkBoth(page, 'aftersales-refunded', item);

  // The shopper reads it on the order, with its UTR and date, and the credit note prints it.
  await shopper.reload();
  await expect(status).toContainText('Refunded');
  await expect(card.locator('.order-settlement')).toContainText(recorded);
  // The watch refunded is not asked about again.
  await expect(card.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await checkBoth(shopper, 'aftersales-refunded-shopper', card);
  const note = await shopper.request.get(`/api/orders/${number}/credit-note.pdf`);
  expect(note.status()).toBe(200);
  const text = pdfText(await note.body());
  expect(text).toContain('Refunded to the buyer ₹3,900.00');
  expect(text).toContain(`reference ${utr} (wrong, damaged or faulty watch)`);
  await context.close();
});
