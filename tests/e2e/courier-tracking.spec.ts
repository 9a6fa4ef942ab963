/**
 * Tracking a Shiprocket parcel (docs/product.md#shipping) against the fake Shiprocket the "services"
 * project's server starts (tests/e2e/server.ts): the owner books the order, then Shiprocket's tracking
 * webhook posts the parcel's scans to the store as Shiprocket does (its documented body, the shop's
 * token in x-api-key): picked up, in transit, out for delivery, delivered, with a repeated event and
 * a late older one among them. The shopper follows it on Your Orders and on the public /track page
 * (order number and phone, no log-in): the courier, the AWB, the latest scan and the expected date.
 * Run: npm run build && npx playwright test courier-tracking --project=services
 */
import type { Locator, Page } from '@playwright/test';
import { formatDateTime, indiaDay } from '../../src/common/india-time.ts';
import { formatExpectedDay } from '../../src/common/shipments.ts';
import { adminLogin } from './admin-fixtures.ts';
import {
  bookCourier,
  checkBothWidths,
  markAdvanceReceived,
  type Shopper,
  searchOrders,
  shiprocketSays,
  signUpAndOrder,
} from './courier-steps.ts';
import { screenshots } from './fixtures.ts';
import { expectMail } from './mailbox.ts';
import { expect, test } from './test.ts';

// Other journeys' runs share test-results/: no trace files to lose under them.
test.use({ trace: 'off' });

const MEERA: Shopper = {
  name: 'Meera Pillai',
  email: 'meera-parcel@example.in',
  address: '14, Lotus Apartments, near Central Station, Chennai - 600003, Tamil Nadu',
  password: 'meera-pass-1',
};
const HOUR = 3_600_000;

interface Scan {
  statusId: number;
  status: string;
  at: Date;
  location: string;
  etd?: Date;
}

/** "IN TRANSIT, Bhiwandi_Mother_Hub (Maharashtra) · 27 Nov 2026, 2:05 pm": the latest scan's words. */
const scanLine = (scan: Scan) => `${scan.status}, ${scan.location} · ${formatDateTime(scan.at)}`;

/** The value beside `label` in the parcel's facts. */
const fact = (info: Locator, label: string) => info.locator(`dt:text-is("${label}") + dd`);

/** The parcel's facts, as Your Orders and /track show them. */
async function expectParcel(
  info: Locator,
  want: { step: string; awb: string; scan: Scan; expected: string | null },
): Promise<void> {
  await expect(info.locator('.shipment-step')).toHaveText(want.step);
  await expect(fact(info, 'Courier')).toHaveText('Delhivery Surface');
  await expect(fact(info, 'Tracking number')).toContainText(want.awb);
  await expect(fact(info, 'Latest scan')).toHaveText(scanLine(want.scan));
  if (want.expected) await expect(fact(info, 'Expected by')).toHaveText(want.expected);
  else await expect(fact(info, 'Expected by')).toHaveCount(0);
}

/** The page fits and axe finds nothing at either width; its screenshots, after the checks. */
async function expectCleanScreens(page: Page, name: string): Promise<void> {
  await checkBothWidths(page);
  await screenshots(page, name);
}

test('the shopper follows a booked Shiprocket parcel on Your Orders and /track as the courier scans it', async ({
  page,
  browser,
  request,
}) => {
  // A booking, six webhooks, two pages at two widths with axe, on a shared machine.
  test.setTimeout(240_000);
  const { phone, numbers } = await signUpAndOrder(page.request, MEERA);
  const number = numbers[0]!;

  // The owner: the advance received, the courier booked, its AWB.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await adminLogin(owner, '/dashboard/orders');
  await searchOrders(owner, phone);
  await markAdvanceReceived(owner, number);
  const awb = await bookCourier(owner, number);
  await ownerContext.close();

  // The parcel's scans (Shiprocket's status ids and words), hours before now.
  const now = Date.now();
  const etd = new Date(now + 48 * HOUR);
  const scan = (statusId: number, status: string, hoursAgo: number, location: string, expected?: Date): Scan => ({
    statusId,
    status,
    at: new Date(now - hoursAgo * HOUR),
    location,
    ...(expected ? { etd: expected } : {}),
  });
  const pickedUp = scan(42, 'PICKED UP', 6, 'Mumbai_Fort_PC (Maharashtra)', etd);
  const inTransit = scan(18, 'IN TRANSIT', 5, 'Bhiwandi_Mother_Hub (Maharashtra)', etd);
  const outForDelivery = scan(17, 'OUT FOR DELIVERY', 1, 'Chennai_Egmore_DC (Tamil Nadu)', new Date(now));
  // Sent after "out for delivery", though scanned before it: kept in the history only.
  const reachedHub = scan(38, 'REACHED AT DESTINATION HUB', 3, 'Chennai_Hub (Tamil Nadu)');
  const delivered = scan(7, 'DELIVERED', 0.2, 'Chennai_Egmore_DC (Tamil Nadu)');
  const etdDay = formatExpectedDay(indiaDay(etd));
  const today = formatExpectedDay(indiaDay(now));

  await shiprocketSays(request, { awb, orderId: number, ...pickedUp });
  await expectMail(MEERA.email, `Your order ${number} is on its way`);
  await shiprocketSays(request, { awb, orderId: number, ...inTransit });
  // Shiprocket sends an event again when our answer was slow: nothing changes.
  await shiprocketSays(request, { awb, orderId: number, ...inTransit });

  // Your Orders: the courier, the AWB, the latest scan and the expected date.
  await page.goto('/orders');
  const card = page.locator('.order-card', { hasText: number });
  const info = card.locator('.shipment-info');
  // The machine may be busy: the list loads after the page.
  await expect(info).toBeVisible({ timeout: 30_000 });
  await expectParcel(info, { step: 'On the way', awb, scan: inTransit, expected: etdDay });
  await expectCleanScreens(page, 'courier-tracking-orders-in-transit');

  // /track, without a log-in: the order number and the phone.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/track');
  await visitor.getByLabel('Order number').fill(number);
  await visitor.getByLabel('Phone you ordered with').fill(phone);
  await visitor.getByRole('button', { name: 'Track' }).click();
  const result = visitor.locator('.track-result');
  await expect(result).toContainText(number);
  await expectParcel(result.locator('.shipment-info'), { step: 'On the way', awb, scan: inTransit, expected: etdDay });
  // Picked up and in transit, once each: the repeated event added nothing.
  const history = result.locator('.shipment-history li');
  await expect(history.filter({ hasText: 'IN TRANSIT' })).toHaveCount(1);
  await expect(history.filter({ hasText: 'PICKED UP' })).toHaveCount(1);
  const before = await history.count();

  // Out for delivery; then the older hub scan arrives late.
  await shiprocketSays(request, { awb, orderId: number, ...outForDelivery });
  await expectMail(MEERA.email, `Your order ${number} is out for delivery today`);
  await shiprocketSays(request, { awb, orderId: number, ...reachedHub });
  await visitor.reload();
  await expectParcel(result.locator('.shipment-info'), {
    step: 'Out for delivery today',
    awb,
    scan: outForDelivery,
    expected: today,
  });
  // Both in the history, newest first: the late scan below "out for delivery", the order not moved back.
  await expect(history).toHaveCount(before + 2);
  await expect(history.first()).toContainText(outForDelivery.status);
  await expect(history.first()).toContainText(formatDateTime(outForDelivery.at));
  await expect(history.filter({ hasText: reachedHub.status })).toContainText(formatDateTime(reachedHub.at));
  await expectCleanScreens(visitor, 'courier-tracking-track-out-for-delivery');

  await page.reload();
  await expectParcel(info, { step: 'Out for delivery today', awb, scan: outForDelivery, expected: today });
  await expectCleanScreens(page, 'courier-tracking-orders-out-for-delivery');

  // Delivered: the order leaves Your Orders for the History, and /track says so.
  await shiprocketSays(request, { awb, orderId: number, ...delivered });
  await expectMail(MEERA.email, `Your order ${number} was delivered`);
  await visitor.reload();
  await expect(result.locator('h2').first()).toContainText(`Order ${number}: Delivered`);
  await expectParcel(result.locator('.shipment-info'), { step: 'Delivered', awb, scan: delivered, expected: null });
  await expect(history).toHaveCount(before + 3);
  await screenshots(visitor, 'courier-tracking-track-delivered');
  await visitorContext.close();

  await page.goto('/history');
  const done = page.locator('.order-card', { hasText: number });
  await expect(done.locator('.shipment-info')).toBeVisible({ timeout: 30_000 });
  await expectParcel(done.locator('.shipment-info'), { step: 'Delivered', awb, scan: delivered, expected: null });
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  await expect(page.locator('.order-card', { hasText: number })).toHaveCount(0);
});
