/**
 * Booking a parcel with Shiprocket (docs/product.md#booking-a-courier) against the fake Shiprocket:
 * the "services" project's server starts it (playwright.config.ts, tests/e2e/server.ts). A shopper orders, the
 * owner marks the advance received, books the courier from Admin Orders and sees "Booking with
 * Shiprocket…" turn into the parcel with its AWB; the ticked orders book in one go.
 * Run: npm run build && npx playwright test shipping-shiprocket
 */
import { adminLogin } from './admin-fixtures.ts';
import {
  bookCourier,
  expectBooked,
  markAdvanceReceived,
  orderRow,
  type Shopper,
  searchOrders,
  signUpAndOrder,
} from './courier-steps.ts';
import { screenshots } from './fixtures.ts';
import { expectNothingOverflows } from './layout-checks.ts';
import { expect, test } from './test.ts';

// Other journeys' runs share test-results/: no trace files to lose under them.
test.use({ trace: 'off' });

const KAVYA: Shopper = {
  name: 'Kavya Iyer',
  email: 'kavya@example.in',
  address: '8, Rose Villa, near Temple, Chennai - 600001, Tamil Nadu',
  password: 'kavya-pass-1',
};

test('the owner books Shiprocket for one order, then for the ticked ones, and sees the AWBs', async ({
  page,
  browser,
}) => {
  // Three orders, three advances, two bookings and six screenshots on a shared machine.
  test.setTimeout(180_000);
  const shopperContext = await browser.newContext();
  const { phone, numbers } = await signUpAndOrder(shopperContext.request, KAVYA, { count: 3 });
  const [first, second, third] = numbers as [string, string, string];

  await adminLogin(page, '/dashboard/orders');
  await searchOrders(page, phone);
  const rowOf = (n: string) => orderRow(page, n);
  await expect(rowOf(first)).toContainText('Kavya Iyer');
  // Before the advance: no "Book courier" (the packing gate).
  await expect(rowOf(first).getByRole('button', { name: `Book courier for ${first}` })).toHaveCount(0);

  for (const n of numbers) await markAdvanceReceived(page, n);
  await expect(rowOf(first).getByRole('button', { name: `Book courier for ${first}` })).toBeVisible();
  await screenshots(page, 'shiprocket-book-ready');

  // One order.
  await bookCourier(page, first);
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
  await expect(page.getByText('2 orders sent to Shiprocket: each row shows its AWB once booked.')).toBeVisible();
  for (const n of [second, third]) await expectBooked(page, n);
  await screenshots(page, 'shiprocket-booked-ticked');

  // The shopper's label now carries the AWB's barcode (the owner's PDF).
  const label = await page.request.get(`/api/admin/orders/${first}/label.pdf`);
  expect(label.status()).toBe(200);
  await shopperContext.close();
});
