import { formatPaise } from '../../src/common/gst.ts';
import { adminLogin } from './admin-fixtures.ts';
import {
  bookWithShiprocket,
  checkBothWidths,
  minutesAgo,
  orderRow,
  placeOrder,
  shiprocketSays,
  signUpAndOrder,
} from './courier-steps.ts';
import { screenshots } from './fixtures.ts';
import { viewportShots } from './layout-checks.ts';
import { pdfText } from './pdf-text.ts';
import { expect, test } from './test.ts';

// Other journeys' runs share test-results/: no trace files to lose under them.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 240_000 });

const ADDRESS = '22, Neem Street, near Bus Stand, Madurai - 625001, Tamil Nadu';

test('a parcel back from Shiprocket is received and checked: stock back, Returned, credit note', async ({
  page,
  browser,
}) => {
  // The journey's own watch, counted, so no other journey's order moves its stock.
  await adminLogin(page, '/dashboard/orders');
  const name = `Journey RTO watch ${Date.now() % 1_000_000}`;
  const created = await page.request.post('/api/admin/products', {
    data: {
      name,
      category: 'men watch',
      brand: 'Titan',
      price: 6000,
      discountPrice: 4800,
      countryOfOrigin: 'India',
      stockCount: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).product.id as string;
  const stockOf = async () =>
    (await (await page.request.get(`/api/admin/products/${encodeURIComponent(productId)}`)).json()).product
      .stockCount as number;

  const email = `courier-rto-${Date.now() % 1_000_000}@example.in`;
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const arjun = { name: 'Arjun Pillai', email, address: ADDRESS, password: 'shopper-pass-1' };
  const [number] = (await signUpAndOrder(shopper.request, arjun, { productId })).numbers as [string];
  expect(await stockOf()).toBe(2);

  const awb = await bookWithShiprocket(page, number);
  const row = orderRow(page, number);
  const panel = row.locator('.adm-shipment');
  await shiprocketSays(page.request, { awb, statusId: 42, status: 'PICKED UP', at: minutesAgo(120) });
  await page.reload();
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('dispatched');
  const invoiceNumber = (await (await page.request.get(`/api/admin/orders/${number}`)).json()).order
    .invoiceNumber as string;
  expect(invoiceNumber).toBeTruthy();

  // The parcel comes back: return to origin started, then delivered back to the shop.
  await shiprocketSays(page.request, { awb, statusId: 9, status: 'RTO INITIATED', at: minutesAgo(60) });
  await page.reload();
  await expect(panel.locator('.adm-shipment-now')).toContainText('Return to origin started');
  await expect(panel.getByRole('button', { name: /Received back and checked/ })).toHaveCount(0);
  // A parcel coming back has no delivery date to expect, and its advance is no longer the owner's to refuse.
  await expect(panel).not.toContainText('Expected by');
  await expect(row.getByRole('button', { name: /^Refuse/ })).toHaveCount(0);
  await checkBothWidths(page);
  await shiprocketSays(page.request, { awb, statusId: 10, status: 'RTO DELIVERED', at: minutesAgo(5) });
  await page.reload();
  await expect(panel.locator('.adm-shipment-now')).toContainText('Back at the shop (return to origin)');
  const receive = panel.getByRole('button', { name: `Received back and checked for ${number}` });
  await expect(receive).toBeVisible();
  // Still dispatched, stock still out: only the owner's check brings it back.
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('dispatched');
  expect(await stockOf()).toBe(2);
  await checkBothWidths(page);
  await viewportShots(page, 'courier-rto-back', panel);

  await receive.click();
  await expect(page.getByLabel(`State of order ${number}`)).toHaveValue('returned');
  await expect(receive).toHaveCount(0);
  const creditLink = row.getByRole('link', { name: `Credit note of ${number}` });
  await expect(creditLink).toBeVisible();
  await expect(row.getByRole('link', { name: `Invoice of ${number}` })).toBeVisible();
  expect(await stockOf()).toBe(3);
  await checkBothWidths(page);
  await viewportShots(page, 'courier-rto-returned', row);

  // The credit note: against the invoice, for the whole of it.
  const total = (await (await page.request.get(`/api/admin/orders/${number}`)).json()).order.total as number;
  const pdf = await page.request.get((await creditLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain(`Against invoice no.: ${invoiceNumber}`);
  expect(text).toContain('Parcel returned to the shop');
  expect(text).toContain(`Total credited ${formatPaise(total * 100)}`);
  // What the buyer paid: the advance, never the invoice's total.
  expect(text).toContain(`Advance paid by the buyer ${formatPaise(300 * 100)}`);
  expect(text).toContain(`Cash collected on delivery ${formatPaise(0)}`);

  // The stock, as the owner reads it on the watch's own page.
  await page.goto(`/dashboard/editproduct/${encodeURIComponent(productId)}`);
  await expect(page.getByLabel('Stock count')).toHaveValue('3');

  // The shopper reads Returned in their History (a final state), with the credit note.
  await shopper.goto('/history');
  const card = shopper.locator('.order-card', { hasText: number });
  await expect(card).toContainText('Returned');
  await expect(card.getByRole('link', { name: /Credit note/ })).toBeVisible();
  await checkBothWidths(shopper);
  await viewportShots(shopper, 'courier-rto-shopper-history', card);

  // Their next order shows the owner the return beside the advance.
  const next = await placeOrder(shopper.request, ADDRESS, productId);
  await shopperContext.close();
  await page.goto(`/dashboard/orders?q=${next}`);
  const nextRow = orderRow(page, next);
  await expect(nextRow.locator('.adm-advance .adm-returns')).toHaveText('1 earlier order returned');
  await checkBothWidths(page);
  await screenshots(page, 'courier-rto-earlier-return');
});
