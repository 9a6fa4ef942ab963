/**
 * The paperwork (docs/product.md#invoice): the owner dispatches an order in Admin Orders and prints
 * its GST invoice and its label, ticks several orders and prints their labels as one PDF (by
 * keyboard), and the shopper downloads the invoice from Your Orders and, once delivered, from History.
 * The PDFs are read with pdftotext, as a person reads them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pdfPages, squeezed } from '../../src/server/test-support/pdf.ts';
import { adminLogin } from './admin-fixtures.ts';
import { E2E_GSTIN, stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 180_000 });
const ADDRESS = '8, Rose Villa, near Temple, Bengaluru - 560001, Karnataka';

async function order(request: APIRequestContext, productId: string, quantity: number, address = ADDRESS) {
  const placed = await request.post('/api/orders', {
    data: { address, idempotencyKey: randomUUID(), lines: [{ productId, quantity }] },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order.number as string;
}

/**
 * Follows a link that opens a PDF in a new tab: the tab opens at the PDF's address, and the PDF is read
 * from there with the same session (the browser's PDF viewer shows it to the owner, who prints it).
 */
async function pdfFromNewTab(
  page: Page,
  link: Locator,
  open: () => Promise<void> = () => link.click(),
): Promise<Buffer> {
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/admin\/orders\/.+\.pdf/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), open()]);
  await expect.poll(() => tab.url()).toContain(href!);
  await tab.close();
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  return answer.body();
}

/** The screen fits a 360 px phone and a 1280 px desktop. */
async function fitsOnPhoneAndDesktop(page: Page): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
  }
}

test('the owner dispatches an order and prints its invoice and label, then several labels at once; the shopper downloads the invoice', async ({
  page,
  browser,
}) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: { name: 'Kavya Menon', number: phone, email: 'kavya@example.in', address: ADDRESS, password: 'kavya-pass-1' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const first = await order(shopper.request, product.id, 2);
  const second = await order(shopper.request, product.id, 1);
  // An address saved as free text, naming no state: the owner is asked for it at dispatch.
  const third = await order(shopper.request, product.id, 1, 'Flat 3, Sunrise Apartments, near the big temple, MG Road');

  // The owner finds the shopper's orders and dispatches the first.
  await adminLogin(page, '/dashboard/orders');
  await page.getByLabel('Order number, phone or UTR').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = (number: string) => page.locator('tbody.adm-order', { hasText: number });
  await expect(row(first)).toContainText('Kavya Menon');
  // No label before the advance: the packing gate.
  await expect(row(first).getByRole('link', { name: /Label/ })).toHaveCount(0);
  await row(first)
    .getByRole('button', { name: /Mark received/ })
    .click();
  await expectMessage(page, `Order ${first}: advance marked received`);
  await page.getByLabel(`State of order ${first}`).selectOption('dispatched');
  await expectMessage(page, `Order ${first} is now Dispatched`);
  const invoiceLink = row(first).getByRole('link', { name: `Invoice of ${first}` });
  await expect(invoiceLink).toBeVisible();
  const invoiceNumber = (await row(first).locator('.adm-invoice-number').textContent())!;
  expect(invoiceNumber).toMatch(/^TSW\/\d\d-\d\d\/\d{6}$/);

  const invoice = squeezed((await pdfPages(await pdfFromNewTab(page, invoiceLink))).join('\n'));
  for (const phrase of [
    'TAX INVOICE',
    'Time Square Watches Private Limited',
    `GSTIN: ${E2E_GSTIN}`,
    `Invoice no.: ${invoiceNumber}`,
    `Order no.: ${first}`,
    'Kavya Menon',
    'Karnataka (29)',
    'Between states: IGST',
    product.name.slice(0, 12),
    'Advance received ₹300.00',
    'Authorised signatory',
  ]) {
    expect(invoice, phrase).toContain(phrase);
  }
  const label = squeezed(
    (await pdfPages(await pdfFromNewTab(page, row(first).getByRole('link', { name: `Label of ${first}` })))).join('\n'),
  );
  for (const phrase of ['SHIP TO', 'Kavya Menon', `Phone: ${phone}`, 'COLLECT ₹', first, 'PACKING SLIP: 2 WATCHES']) {
    expect(label, phrase).toContain(phrase);
  }
  await viewportShots(page, 'invoices-admin-dispatched', row(first));
  await fitsOnPhoneAndDesktop(page);

  // The third order's address names no state: the dispatch asks for it, by keyboard.
  await row(third)
    .getByRole('button', { name: /Mark received/ })
    .click();
  await expectMessage(page, `Order ${third}: advance marked received`);
  await page.getByLabel(`State of order ${third}`).selectOption('dispatched');
  await expect(row(third).getByText(/We could not tell the delivery state/)).toBeVisible();
  await expect(page.getByLabel(`State of order ${third}`)).toHaveValue('ordered');
  const supply = page.getByLabel(`Delivery state of ${third}`);
  await supply.focus();
  await supply.selectOption('29');
  await viewportShots(page, 'invoices-admin-supply-state', supply);
  await fitsOnPhoneAndDesktop(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Use this state' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMessage(page, `Order ${third} is now Dispatched`);
  await expect(row(third).locator('.adm-invoice-number')).toHaveText(/^TSW\//);

  // The second order is packed; both labels go out as one PDF, chosen by keyboard.
  await row(second)
    .getByRole('button', { name: /Mark received/ })
    .click();
  await expectMessage(page, `Order ${second}: advance marked received`);
  await page.getByLabel(`State of order ${second}`).selectOption('packed');
  await expectMessage(page, `Order ${second} is now Packed`);
  // Nothing ticked, nothing to print.
  await expect(page.getByRole('button', { name: 'Print labels (0)' })).toBeDisabled();
  const printLabels = page.getByRole('link', { name: /Print labels/ });
  for (const number of [first, second]) {
    const box = page.getByRole('checkbox', { name: `Select ${number} for labels` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(printLabels).toHaveText('Print labels (2)');
  await viewportShots(page, 'invoices-admin-labels-selected', page.locator('.adm-labels-bar'));
  const labels = await pdfPages(
    await pdfFromNewTab(page, printLabels, async () => {
      await printLabels.focus();
      await page.keyboard.press('Enter');
    }),
  );
  expect(labels).toHaveLength(2);
  expect(labels[0]).toContain(first);
  expect(labels[1]).toContain(second);

  // The shopper downloads the invoice from Your Orders.
  await shopper.goto('/orders');
  const card = shopper.locator('.order-card', { hasText: first });
  await expect(card).toContainText('Dispatched');
  await expect(shopper.locator('.order-card', { hasText: second }).getByRole('link', { name: /Invoice/ })).toHaveCount(
    0,
  );
  const download = card.getByRole('link', { name: `Invoice ${invoiceNumber} (PDF)` });
  await viewportShots(shopper, 'invoices-shopper-orders', card);
  await fitsOnPhoneAndDesktop(shopper);
  const [saved] = await Promise.all([shopper.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe(`invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const ownCopy = squeezed((await pdfPages(readFileSync((await saved.path())!))).join('\n'));
  expect(ownCopy).toContain(`Invoice no.: ${invoiceNumber}`);
  expect(ownCopy).toContain('Kavya Menon');

  // Delivered, the order and its invoice move to History.
  await page.getByLabel(`State of order ${first}`).selectOption('delivered');
  await expectMessage(page, `Order ${first} is now Delivered`);
  await shopper.goto('/history');
  const delivered = shopper.locator('.order-card', { hasText: first });
  await expect(delivered.getByRole('link', { name: `Invoice ${invoiceNumber} (PDF)` })).toBeVisible();
  await viewportShots(shopper, 'invoices-shopper-history', delivered);
  await shopperContext.close();
});
