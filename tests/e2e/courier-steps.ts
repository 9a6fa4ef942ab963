/**
 * Shared steps of the journeys against the fake Shiprocket (shipping-shiprocket.spec.ts,
 * courier-*.spec.ts): a shopper with orders, and the owner marking the advance received and
 * booking the courier from Admin Orders.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { stableProducts, uniquePhone } from './fixtures.ts';
import { expectMessage } from './messages.ts';

export interface Shopper {
  name: string;
  email: string;
  address: string;
  password: string;
}

/**
 * Signs `shopper` up with a fresh phone in `request`'s context and places `count` orders of one
 * in-stock watch there. The order numbers, oldest first.
 */
export async function signUpAndOrder(
  request: APIRequestContext,
  shopper: Shopper,
  count = 1,
): Promise<{ phone: string; numbers: string[] }> {
  const phone = uniquePhone();
  const { name, email, address, password } = shopper;
  const signup = await request.post('/api/signup', { data: { name, number: phone, email, address, password } });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const placed = await request.post('/api/orders', {
      data: { address, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.status()).toBe(201);
    numbers.push((await placed.json()).order.number);
  }
  return { phone, numbers };
}

/** The order's row in Admin Orders. */
export const orderRow = (page: Page, number: string): Locator =>
  page.getByRole('row', { name: new RegExp(number) }).first();

/** Admin Orders (the owner logged in) searched for a phone, an order number or a UTR. */
export async function searchOrders(page: Page, query: string): Promise<void> {
  await page.getByLabel('Order number, phone or UTR').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
}

/** The owner marks the order's advance received, in its row. */
export async function markAdvanceReceived(page: Page, number: string): Promise<void> {
  await orderRow(page, number)
    .getByRole('button', { name: /Mark received/ })
    .click();
  await expectMessage(page, `Order ${number}: advance marked received`);
}

/** The owner books the courier for one order from its row; its AWB once booked. */
export async function bookCourier(page: Page, number: string): Promise<string> {
  const row = orderRow(page, number);
  await row.getByRole('button', { name: `Book courier for ${number}` }).click();
  return expectBooked(row);
}

/** The row shows the parcel booked; its AWB. */
export async function expectBooked(row: Locator): Promise<string> {
  // The booking job runs beside the request: the courier may take a while on a busy machine.
  await expect(row).toContainText(/AWB \d{12}/, { timeout: 20_000 });
  const awb = (await row.textContent())?.match(/AWB (\d{12})/)?.[1];
  if (!awb) throw new Error('the booked row shows no AWB');
  return awb;
}
