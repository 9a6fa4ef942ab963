/**
 * Steps the courier journeys against the fake Shiprocket share (courier-failed-delivery.spec.ts,
 * courier-return.spec.ts): a shopper's order placed through the API, the owner's booking from
 * Admin Orders, Shiprocket's tracking webhook as Shiprocket sends it, and the screens checked at
 * both widths (nothing overflows, axe finds nothing).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { shiprocketWebhookBody } from '../../src/server/test-support/fake-shiprocket.ts';
import { axeViolations } from './axe.ts';
import { E2E_SHIPROCKET_WEBHOOK_TOKEN, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect } from './test.ts';

/** The store's tracking webhook (webhook-routes.ts): its address names no courier, as Shiprocket asks. */
const WEBHOOK_PATH = '/api/courier/updates';

export interface Shopper {
  context: BrowserContext;
  page: Page;
  phone: string;
  email: string;
}

/** A shopper with an account of their own, in a browser context of their own. */
export async function signUpShopper(browser: Browser, name: string, address: string, email: string): Promise<Shopper> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const phone = uniquePhone();
  const signup = await page.request.post('/api/signup', {
    data: { name, number: phone, email, address, password: 'shopper-pass-1' },
  });
  expect(signup.status()).toBe(201);
  return { context, page, phone, email };
}

/** One watch ordered through the API (the checkout has its own journeys): the order's number. */
export async function placeOrder(request: APIRequestContext, address: string, productId: string): Promise<string> {
  const placed = await request.post('/api/orders', {
    data: { address, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order.number as string;
}

/** The order's row in Admin Orders. */
export const orderRow = (page: Page, number: string): Locator => page.locator('tbody.adm-order', { hasText: number });

/**
 * The owner, logged in on `page` and on Admin Orders found by the order's number, marks the advance
 * received and books Shiprocket: the row turns from "booking…" into the parcel with its AWB.
 * Returns the AWB.
 */
export async function bookWithShiprocket(page: Page, number: string): Promise<string> {
  await page.goto(`/dashboard/orders?q=${number}`);
  const row = orderRow(page, number);
  await row.getByRole('button', { name: `Mark received for ${number}` }).click();
  await expectMessage(page, `Order ${number}: advance marked received`);
  await row.getByRole('button', { name: `Book courier for ${number}` }).click();
  await expect(row).toContainText(/AWB \d{12}/, { timeout: 20_000 });
  await expect(row.locator('.adm-shipment-now')).toContainText('Booked, waiting for pickup');
  const order = await (await page.request.get(`/api/admin/orders/${number}`)).json();
  const awb = order.order.shipment?.awb as string | undefined;
  expect(awb, 'the booked order has an AWB').toMatch(/^\d{12}$/);
  return awb!;
}

/**
 * Shiprocket's tracking webhook for `awb` (its documented body, fake-shiprocket.ts), with the shop's
 * token in x-api-key: the store answers 200 at once.
 */
export async function shiprocketSays(
  request: APIRequestContext,
  event: { awb: string; statusId: number; status: string; at: Date; activity?: string },
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
