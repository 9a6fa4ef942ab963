/**
 * The ₹300 advance of a cash-on-delivery order (docs/product.md#cash-on-delivery): the shopper
 * pays by the UPI link (or the QR code on a computer) and sends the UPI
 * reference; the owner finds it in Admin Orders, cannot pack before the advance
 * is received, marks it received, packs and dispatches. The owner may refuse a
 * reference with a reason the shopper reads, or waive the advance; the
 * dashboard lists what needs the owner and the product form counts stock.
 * The server runs with SHOP_UPI_ID=timesquare@okhdfcbank and a real SMTP
 * server whose mail the journeys read (tests/e2e/server.ts, mailbox.ts).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADVANCE_ADMIN_LABELS, advanceWhatsappText, UTR_MESSAGE } from '../../src/common/advance.ts';
import { formatRupees } from '../../src/common/money.ts';
import type { AdminOrder } from '../../src/common/schemas/admin-orders.ts';
import type { Order } from '../../src/common/schemas/order.ts';
import { whatsappLink } from '../../src/common/site.ts';
import { adminLogin } from './admin-fixtures.ts';
import {
  cartStableWatch,
  E2E_ADMIN,
  E2E_OWNER_EMAIL,
  placeOrderFromCart,
  screenshots,
  stableProducts,
  uniquePhone,
} from './fixtures.ts';
import { expectMail } from './mailbox.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

const UPI_ID = 'timesquare@okhdfcbank';
const SHOPPER_EMAIL = 'shopper@example.in';

// Journeys of a shopper and the owner in two browsers: three times the usual time.
test.describe.configure({ timeout: 180_000 });
const ADDRESS = '14, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';

/** A 12-digit UPI reference no other run has used. */
function freshUtr(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-12);
}

async function signUp(request: APIRequestContext, name: string): Promise<string> {
  const phone = uniquePhone();
  const signup = await request.post('/api/signup', {
    data: { name, number: phone, email: SHOPPER_EMAIL, address: ADDRESS, password: 'advance-pass-1' },
  });
  expect(signup.status()).toBe(201);
  return phone;
}

/** Orders one watch through the orders API; answers the order number. */
async function placeOrder(request: APIRequestContext, productId: string): Promise<string> {
  const placed = await request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order.number as string;
}

/** The admin API's view of one order. */
async function apiOrder(page: Page, orderNumber: string): Promise<AdminOrder> {
  const answer = await page.request.get(`/api/admin/orders?q=${encodeURIComponent(orderNumber)}`);
  expect(answer.status()).toBe(200);
  const order = ((await answer.json()).items as AdminOrder[]).find((o) => o.number === orderNumber);
  if (!order) throw new Error(`the admin API does not list ${orderNumber}`);
  return order;
}

test('a shopper pays the advance by UPI; the owner checks it before packing and dispatching', async ({
  page,
  browser,
}) => {
  // The shopper orders from the cart with their saved address.
  await signUp(page.request, 'Meera Joshi');
  const product = await cartStableWatch(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  await placeOrderFromCart(page, ADDRESS);

  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  await expect(page.getByText('THANK YOU FOR CHOOSING US!')).toBeVisible();
  const orderNumber = (await page.locator('.confirmation-id').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^TSW-[0-9]+$/);
  // The owner hears of the new order by mail, with its lines and the advance.
  const newOrder = await expectMail(E2E_OWNER_EMAIL, `New order ${orderNumber}`);
  expect(newOrder.text).toContain(product.name);
  expect(newOrder.text).toContain('₹300');

  // The UPI link pays exactly the advance to the shop, named by the order number.
  const pay = page.getByRole('link', { name: 'PAY ₹300 ADVANCE' });
  await expect(pay).toBeVisible();
  const href = (await pay.getAttribute('href')) ?? '';
  expect(href.startsWith('upi://pay?')).toBe(true);
  // The payee address is written with its "@", as NPCI's linking specification's samples do.
  expect(href.startsWith(`upi://pay?pa=${UPI_ID}&`)).toBe(true);
  const params = new URLSearchParams(href.slice('upi://pay?'.length));
  expect([...params.keys()].sort()).toEqual(['am', 'cu', 'pa', 'pn', 'tn', 'tr']);
  expect(params.get('pa')).toBe(UPI_ID);
  expect(params.get('pn')).toBe('Time Square Watches');
  expect(params.get('am')).toBe('300.00');
  expect(params.get('cu')).toBe('INR');
  expect(params.get('tn')).toBe(orderNumber);
  expect(params.get('tr')).toBe(orderNumber);
  await expect(page.getByText(/On delivery: ₹/)).toBeVisible();
  await expect(page.getByText('Advance: not paid yet')).toBeVisible();

  // On a computer the QR code shows and loads (a phone never downloads it).
  const qr = page.getByRole('img', { name: `UPI QR code to pay the ₹300 advance for ${orderNumber}` });
  await expect(qr).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(qr).toBeVisible();
  await qr.scrollIntoViewIfNeeded();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screenshots(page, 'cod-advance-confirmation');

  // A malformed reference is refused in the browser, next to the field; what was typed stays.
  await page.setViewportSize({ width: 360, height: 740 });
  const utrField = page.getByLabel('UPI reference (UTR), 12 digits');
  await utrField.fill('12345 678');
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByText(UTR_MESSAGE)).toBeInViewport();
  await expect(utrField).toHaveValue('12345 678');
  await screenshots(page, 'cod-advance-utr-error');

  const utr = freshUtr();
  await utrField.fill(utr);
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByText('Advance: checking')).toBeVisible();
  await expect(page.getByText(`UPI reference ${utr}`)).toBeVisible();
  expect((await expectMail(E2E_OWNER_EMAIL, `Advance to check for order ${orderNumber}`)).subject).toContain(utr);
  await screenshots(page, 'cod-advance-checking');

  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: orderNumber });
  await expect(card.getByText('Advance: checking')).toBeVisible();
  const cancel = card.getByRole('link', { name: 'Cancel' });
  expect(decodeURIComponent((await cancel.getAttribute('href')) ?? '')).toContain(orderNumber);
  await screenshots(page, 'cod-advance-orders');

  // The owner: the dashboard points at the reference to check.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.setViewportSize({ width: 1280, height: 800 });
  await adminLogin(owner, '/dashboard');
  const needs = owner.getByRole('region', { name: 'Needs you' });
  await expect(needs).toBeVisible();
  // The store mails through the e2e server's SMTP: nothing waits in the outbox for want of it.
  await expect(needs.getByText('Mail is not configured (SMTP_URL is not set)')).toHaveCount(0);
  await screenshots(owner, 'cod-advance-dashboard');
  await needs.getByRole('link', { name: /to check/ }).click();
  await expect(owner).toHaveURL(/\/dashboard\/orders\?advance=submitted$/);
  await expect(owner.getByLabel('Advance', { exact: true })).toHaveValue('submitted');

  const row = owner.locator('tbody', { hasText: orderNumber });
  await expect(row).toContainText('UTR submitted');
  await expect(row).toContainText(utr);
  await expect(row).toContainText('Meera Joshi');

  // The packing gate: refused, with the server's message in view under the order.
  const state = owner.getByLabel(`State of order ${orderNumber}`);
  await expect(state).toHaveValue('ordered');
  await state.selectOption('packed');
  const gate = row.getByText(`Order ${orderNumber} cannot be marked packed before its ₹300 advance is received`);
  await expect(gate).toBeInViewport();
  await expect(state).toHaveValue('ordered');
  await screenshots(owner, 'cod-advance-admin-gate');

  await row.getByRole('button', { name: /Mark received/ }).click();
  await expectMessage(owner, `Order ${orderNumber}: advance marked received`);
  await expect(row).toContainText('Advance received');
  await state.selectOption('packed');
  await expectMessage(owner, `Order ${orderNumber} is now Packed`);
  await state.selectOption('dispatched');
  await expectMessage(owner, `Order ${orderNumber} is now Dispatched`);
  await expect(state).toHaveValue('dispatched');
  // The shopper is mailed the finding and the dispatch.
  await expectMail(SHOPPER_EMAIL, `Advance received for your order ${orderNumber}`);
  const onItsWay = await expectMail(SHOPPER_EMAIL, `Your order ${orderNumber} is on its way`);
  expect(onItsWay.text).toContain(orderNumber);

  // Each change is in the order's history, with the admin.
  await row.getByText(`History of ${orderNumber}`).click();
  const history = row.locator('.adm-history ol');
  await expect(history).toContainText('UTR submitted');
  await expect(history).toContainText('Advance received');
  await expect(history).toContainText('Dispatched');
  await expect(history).toContainText(E2E_ADMIN.username);
  await screenshots(owner, 'cod-advance-admin-history');

  // The list read afresh shows what the API says.
  await owner.goto(`/dashboard/orders?q=${orderNumber}`);
  const api = await apiOrder(owner, orderNumber);
  expect(api.status).toBe('dispatched');
  expect(api.advance.state).toBe('received');
  await expect(owner.getByLabel(`State of order ${orderNumber}`)).toHaveValue(api.status);
  await expect(owner.locator('tbody', { hasText: orderNumber }).locator('.adm-advance-state')).toHaveText(
    ADVANCE_ADMIN_LABELS[api.advance.state],
  );
  await owner.setViewportSize({ width: 360, height: 740 });
  await screenshots(owner, 'cod-advance-admin-orders');

  // The shopper sees it.
  await page.reload();
  await expect(card.getByText('Advance: received')).toBeVisible();
  await expect(card.getByText('Dispatched')).toBeVisible();
  // The cash to keep ready stays on the card once the advance is received (a walk found it gone).
  await expect(card.locator('.advance-balance')).toHaveText(
    `On delivery: ${formatRupees(api.total - api.advance.amount)}`,
  );
  await screenshots(page, 'cod-advance-received-card');
  await expect(card.getByLabel('UPI reference (UTR), 12 digits')).toHaveCount(0);
  await ownerContext.close();
});

test('the owner refuses a reference with a reason, the shopper sends another; an advance is waived', async ({
  page,
  browser,
}) => {
  await signUp(page.request, 'Kabir Shah');
  const [, product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has too few watches in stock');
  const refused = await placeOrder(page.request, product.id);
  const waived = await placeOrder(page.request, product.id);
  const first = freshUtr();
  const sent = await page.request.post(`/api/orders/${refused}/advance`, { data: { utr: first } });
  expect(sent.status()).toBe(200);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner, `/dashboard/orders?q=${refused}`);
  const row = owner.locator('tbody', { hasText: refused });
  await row.getByRole('button', { name: /^Refuse/ }).click();
  await row.getByRole('button', { name: 'Refuse advance' }).click();
  await expect(row.getByRole('alert')).toContainText('Please write the reason');
  await expect(row.getByRole('alert')).toBeInViewport();
  await screenshots(owner, 'cod-advance-admin-refuse');
  await row.getByLabel('Reason (the shopper reads it)').fill('No payment with this reference reached our bank');
  await row.getByRole('button', { name: 'Refuse advance' }).click();
  await expectMessage(owner, `Order ${refused}: advance refused`);
  await expect(row).toContainText('Advance refused');

  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: refused });
  await expect(card.getByText('Advance: not found')).toBeVisible();
  await expect(card.getByText('Reason: No payment with this reference reached our bank')).toBeVisible();
  await expect(card.getByRole('link', { name: 'PAY ₹300 ADVANCE' })).toBeVisible();
  await screenshots(page, 'cod-advance-refused');
  const second = freshUtr();
  await card.getByLabel('UPI reference (UTR), 12 digits').fill(second);
  await card.getByRole('button', { name: 'Send reference' }).click();
  await expect(card.getByText('Advance: checking')).toBeVisible();

  // A reference already used on another order: the server's message, in view.
  const other = page.getByRole('article').filter({ hasText: waived });
  await other.getByLabel('UPI reference (UTR), 12 digits').fill(second);
  await other.getByRole('button', { name: 'Send reference' }).click();
  await expect(other.getByText('This UPI reference is already used for another order')).toBeInViewport();
  await expect(other.getByLabel('UPI reference (UTR), 12 digits')).toHaveValue(second);

  await owner.goto(`/dashboard/orders?q=${waived}`);
  const waivedRow = owner.locator('tbody', { hasText: waived });
  await waivedRow.getByRole('button', { name: /^Waive/ }).click();
  await waivedRow.getByLabel('Note (why no advance is needed)').fill('Regular customer, known to us');
  await waivedRow.getByRole('button', { name: 'Waive advance' }).click();
  await expect(waivedRow).toContainText('Advance waived');
  // A waived advance was never paid: the courier collects the whole total, and every screen says so.
  const waivedTotal = (await apiOrder(owner, waived)).total as number;
  await expect(waivedRow.locator('.adm-advance-sum')).toHaveText(
    `No advance · ${formatRupees(waivedTotal)} on delivery`,
  );
  await owner.getByLabel(`State of order ${waived}`).selectOption('packed');
  await expectMessage(owner, `Order ${waived} is now Packed`);
  expect((await apiOrder(owner, waived)).status).toBe('packed');

  await page.reload();
  const waivedCard = page.getByRole('article').filter({ hasText: waived });
  await expect(waivedCard.getByText('Advance: not needed')).toBeVisible();
  await expect(waivedCard.locator('.advance-balance')).toHaveText(`On delivery: ${formatRupees(waivedTotal)}`);
  await screenshots(page, 'cod-advance-waived-card');
  await ownerContext.close();
});

test('the owner counts a watch’s stock; low and empty stock stand out', async ({ page }) => {
  await adminLogin(page, '/dashboard');
  const name = `Journey stock watch ${Date.now() % 100000}`;
  const created = await page.request.post('/api/admin/products', {
    data: {
      name,
      category: 'women watch',
      brand: 'Titan',
      price: 5000,
      discountPrice: 4000,
      stockCount: 5,
      // The edit form asks for it (docs/product.md#admin-products).
      countryOfOrigin: 'India',
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as string;

  await page.goto(`/dashboard/editproduct/${id}`);
  const count = page.getByLabel('Stock count');
  await expect(count).toHaveValue('5');
  await expect(page.getByText('Leave empty to not count; at 0 the watch shows OUT OF STOCK')).toBeVisible();
  await count.fill('-1');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('The stock count cannot be negative').first()).toBeVisible();
  await screenshots(page, 'cod-advance-product-form');
  await count.fill('2');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expectMessage(page, 'Product updated successfully');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'PRODUCTS' }).click();
  const card = page.locator('.adm-product', { hasText: name });
  await expect(card.getByText('Low stock: 2 left')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'cod-advance-products');

  await page.goto('/dashboard');
  const needs = page.getByRole('region', { name: 'Needs you' });
  const low = needs.getByRole('listitem').filter({ hasText: name });
  await expect(low).toContainText('2 left');
  // The mails the store could not send (no SMTP_URL here), each with its details, when other journeys ordered.
  // The store mails through the e2e server's SMTP: nothing waits in the outbox for want of it.
  await expect(needs.getByText('Mail is not configured (SMTP_URL is not set)')).toHaveCount(0);
  const waiting = needs.getByText('The waiting messages');
  if ((await waiting.count()) > 0) {
    await waiting.click();
    await expect(needs.getByText(/^To /).first()).toBeVisible();
  }
  await screenshots(page, 'cod-advance-dashboard-stock');
  await low.getByRole('link', { name }).click();
  await expect(page.getByLabel('Stock count')).toHaveValue('2');
  await page.getByLabel('Stock count').fill('');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expectMessage(page, 'Product updated successfully');
  expect((await (await page.request.get(`/api/admin/products/${id}`)).json()).product.stockCount).toBeNull();
});

test('without a UPI id the shopper is offered WhatsApp to pay the advance, never a broken link', async ({ page }) => {
  await signUp(page.request, 'Farah Khan');
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const orderNumber = await placeOrder(page.request, product.id);
  // The e2e shop has a UPI id: answer Your Orders as a shop without one would (payLink null).
  const yourOrders = (url: URL) => url.pathname === '/api/orders' && url.searchParams.get('view') === 'open';
  await page.route(yourOrders, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { orders: Order[] };
    for (const order of body.orders) order.advance.payLink = null;
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: orderNumber });
  const chat = card.getByRole('link', { name: 'Pay the advance on WhatsApp' });
  await expect(chat).toHaveAttribute('href', whatsappLink('919876543210', advanceWhatsappText(orderNumber, 300)));
  await expect(card.getByRole('link', { name: /PAY ₹300 ADVANCE/ })).toHaveCount(0);
  await expect(card.getByRole('img', { name: /UPI QR code/ })).toHaveCount(0);
  await expect(card.getByLabel('UPI reference (UTR), 12 digits')).toBeVisible();
  await screenshots(page, 'cod-advance-whatsapp');
});
