/**
 * Booking a parcel with Shiprocket (docs/product.md#booking-a-courier) against the fake Shiprocket:
 * the "services" project's server starts it (playwright.config.ts, tests/e2e/server.ts). A shopper orders, the
 * owner marks the advance received, books the courier from Admin Orders and sees "Booking with
 * Shiprocket…" turn into the parcel with its AWB; the ticked orders book in one go.
 * Run: npm run build && npx playwright test shipping-shiprocket
 */
import { randomUUID } from 'node:crypto';
import { adminLogin } from './admin-fixtures.ts';
import { screenshots, stableProducts, uniquePhone } from './fixtures.ts';
import { expectNothingOverflows } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

// Other journeys' runs share test-results/: no trace files to lose under them.
test.use({ trace: 'off' });

const ADDRESS = '8, Rose Villa, near Temple, Chennai - 600001, Tamil Nadu';

test('the owner books Shiprocket for one order, then for the ticked ones, and sees the AWBs', async ({
  page,
  browser,
}) => {
  // Three orders, three advances, two bookings and six screenshots on a shared machine.
  test.setTimeout(180_000);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: { name: 'Kavya Iyer', number: phone, email: 'kavya@example.in', address: ADDRESS, password: 'kavya-pass-1' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const placed = await shopper.request.post('/api/orders', {
      data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.status()).toBe(201);
    numbers.push((await placed.json()).order.number);
  }
  const [first, second, third] = numbers as [string, string, string];

  await adminLogin(page, '/dashboard/orders');
  await page.getByLabel('Order number, phone or UTR').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const rowOf = (n: string) => page.getByRole('row', { name: new RegExp(n) }).first();
  await expect(rowOf(first)).toContainText('Kavya Iyer');
  // Before the advance: no "Book courier" (the packing gate).
  await expect(rowOf(first).getByRole('button', { name: `Book courier for ${first}` })).toHaveCount(0);

  for (const n of numbers) {
    await rowOf(n)
      .getByRole('button', { name: /Mark received/ })
      .click();
    await expectMessage(page, `Order ${n}: advance marked received`);
  }
  await expect(rowOf(first).getByRole('button', { name: `Book courier for ${first}` })).toBeVisible();
  await screenshots(page, 'shiprocket-book-ready');

  // One order.
  await rowOf(first)
    .getByRole('button', { name: `Book courier for ${first}` })
    .click();
  await expect(rowOf(first)).toContainText(/AWB \d{12}/, { timeout: 20_000 });
  await expect(rowOf(first)).toContainText('Delhivery Surface');
  await expect(rowOf(first)).toContainText('Booked, waiting for pickup');
  await expect(rowOf(first).getByRole('button', { name: `Book courier for ${first}` })).toHaveCount(0);
  await expectNothingOverflows(page);
  await screenshots(page, 'shiprocket-booked');

  // The ticked ones, in one go.
  for (const n of [second, third]) {
    await rowOf(n).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Book courier (2)' }).click();
  await expect(page.getByText('Booking 2 orders…')).toBeVisible();
  for (const n of [second, third]) {
    await expect(rowOf(n)).toContainText(/AWB \d{12}/, { timeout: 20_000 });
  }
  await screenshots(page, 'shiprocket-booked-ticked');

  // The shopper's label now carries the AWB's barcode (the owner's PDF).
  const label = await page.request.get(`/api/admin/orders/${first}/label.pdf`);
  expect(label.status()).toBe(200);
  await shopperContext.close();
});
