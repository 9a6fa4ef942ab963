/**
 * Steps the journeys against the fake Shiprocket share (shipping-shiprocket.spec.ts,
 * courier-*.spec.ts): a shopper signed up and their orders placed through the API, the owner
 * marking the advance received and booking the courier from Admin Orders, Shiprocket's tracking
 * webhook as Shiprocket sends it, and a screen checked at both widths (nothing overflows, no word
 * split, axe finds nothing).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { shiprocketWebhookBody } from '../../src/server/shipping/couriers/shiprocket/fake.ts';
import { axeViolations } from './axe.ts';
import { E2E_SHIPROCKET_WEBHOOK_TOKEN, stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect } from './test.ts';

/** The store's tracking webhook (webhook-routes.ts): its address names no courier, as Shiprocket asks. */
const WEBHOOK_PATH = '/api/courier/updates';

export interface Shopper {
  name: string;
  email: string;
  address: string;
  password: string;
}

/** Signs `shopper` up with a fresh phone, logged in in `request`'s context from then on: the phone. */
export async function signUp(request: APIRequestContext, shopper: Shopper): Promise<string> {
  const phone = uniquePhone();
  const { name, email, address, password } = shopper;
  const signup = await request.post('/api/signup', { data: { name, number: phone, email, address, password } });
  expect(signup.status()).toBe(201);
  return phone;
}

/** One watch ordered through the API (the checkout has its own journeys): the order's number. */
export async function placeOrder(request: APIRequestContext, address: string, productId: string): Promise<string> {
  const placed = await request.post('/api/orders', {
    data: { address, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order.number as string;
}

/**
 * Signs `shopper` up in `request`'s context and places `count` orders of one watch there, to their
 * own address: `productId`, or an in-stock watch of the seeded catalogue. The order numbers, oldest
 * first.
 */
export async function signUpAndOrder(
  request: APIRequestContext,
  shopper: Shopper,
  { count = 1, productId }: { count?: number; productId?: string } = {},
): Promise<{ phone: string; numbers: string[] }> {
  const phone = await signUp(request, shopper);
  const id = productId ?? (await stableProducts(request))[0]?.id;
  if (!id) throw new Error('the seeded catalogue has no watch in stock');
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) numbers.push(await placeOrder(request, shopper.address, id));
  return { phone, numbers };
}

/** The order's rows in Admin Orders (its own tbody: the order, its shipping panel and its note). */
export const orderRow = (page: Page, number: string): Locator => page.locator('tbody.adm-order', { hasText: number });

/** Admin Orders (the owner logged in) searched for a phone, an order number or a UTR. */
export async function searchOrders(page: Page, query: string): Promise<void> {
  await page.getByLabel('Order number, phone or UTR').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
}

/** The owner marks the order's advance received, in its row. */
export async function markAdvanceReceived(page: Page, number: string): Promise<void> {
  await orderRow(page, number)
    .getByRole('button', { name: `Mark received for ${number}` })
    .click();
  await expectMessage(page, `Order ${number}: advance marked received`);
}

/** The owner books the courier for one order from its row; its AWB once booked. */
export async function bookCourier(page: Page, number: string): Promise<string> {
  await orderRow(page, number)
    .getByRole('button', { name: `Book courier for ${number}` })
    .click();
  return expectBooked(page, number);
}

/**
 * The order's row turns from "booking…" into the parcel, booked and waiting for pickup, and shows
 * the AWB the order has: that AWB.
 */
export async function expectBooked(page: Page, number: string): Promise<string> {
  const row = orderRow(page, number);
  // The booking job runs beside the request: the courier may take a while on a busy machine.
  await expect(row).toContainText(/AWB \d{12}/, { timeout: 20_000 });
  await expect(row.locator('.adm-shipment-now')).toContainText('Booked, waiting for pickup');
  const order = await (await page.request.get(`/api/admin/orders/${number}`)).json();
  const awb = order.order.shipment?.awb as string | undefined;
  expect(awb, 'the booked order has an AWB').toMatch(/^\d{12}$/);
  await expect(row).toContainText(`AWB ${awb}`);
  return awb!;
}

/**
 * The owner, logged in on `page`, finds the order on Admin Orders by its number, marks the advance
 * received and books Shiprocket. Returns the AWB.
 */
export async function bookWithShiprocket(page: Page, number: string): Promise<string> {
  await page.goto(`/dashboard/orders?q=${number}`);
  await markAdvanceReceived(page, number);
  return bookCourier(page, number);
}

/**
 * Shiprocket's tracking webhook for `event.awb` (its documented body, src/server/shipping/couriers/shiprocket/fake.ts), with the
 * shop's token in x-api-key: the store answers 200 at once, for every event Shiprocket sends.
 */
export async function shiprocketSays(
  request: APIRequestContext,
  event: Parameters<typeof shiprocketWebhookBody>[0],
): Promise<void> {
  const answer = await request.post(WEBHOOK_PATH, {
    headers: { 'x-api-key': E2E_SHIPROCKET_WEBHOOK_TOKEN },
    data: shiprocketWebhookBody(event),
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** `minutes` before now: the journeys' scans happen in the order they are sent. */
export const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

/**
 * The page as it is, at 360 and 1280 px: nothing wider than the screen, no word split across
 * lines (an AWB included) and no axe violation (the shipping panels inside an order included).
 * Leaves the page at 1280 px.
 */
export async function checkBothWidths(page: Page): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
    expect(await axeViolations(page), `axe at ${size.width}px on ${page.url()}`).toEqual([]);
  }
}
