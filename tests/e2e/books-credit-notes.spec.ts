/**
 * The books (docs/product.md#the-books-credit-notes-and-gstr-1): the owner cancels a dispatched order
 * and finds its credit note beside the invoice in Admin Orders; the shopper downloads it from Your
 * Orders; the owner opens GST returns for the month, reads the summary and downloads the JSON.
 * Screens at 360 px and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pdfPages, squeezed } from '../../src/server/test-support/pdf.ts';
import { adminLogin } from './admin-fixtures.ts';
import { E2E_GSTIN, stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE, viewportShots } from './layout-checks.ts';
import { expectMessage } from './messages.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 360_000 });
const ADDRESS = '8, Rose Villa, near Temple, Bengaluru - 560001, Karnataka';

test('a cancelled invoiced order gets a credit note the owner and the shopper read; GST returns sum the month', async ({
  page,
  browser,
}) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: { name: 'Ira Nair', number: phone, email: 'ira@example.in', address: ADDRESS, password: 'ira-pass-123' },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await shopper.request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const number = (await placed.json()).order.number as string;

  await adminLogin(page, '/dashboard/orders');
  expect(
    (
      await page.request.post(`/api/admin/orders/${number}/advance`, { data: { action: 'received', note: '' } })
    ).status(),
  ).toBe(200);
  expect(
    (await page.request.patch(`/api/admin/orders/${number}/state`, { data: { state: 'dispatched' } })).status(),
  ).toBe(200);
  await page.getByLabel('Order number, phone or UTR').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('tbody.adm-order', { hasText: number });
  await page.getByLabel(`State of order ${number}`).selectOption('cancelled');
  await expectMessage(page, `Order ${number} is now Cancelled`);
  const creditLink = row.getByRole('link', { name: `Credit note of ${number}` });
  await expect(creditLink).toBeVisible();
  await expect(row.getByRole('link', { name: `Invoice of ${number}` })).toBeVisible();
  await viewportShots(page, 'books-admin-credit-note', row);
  const owner = await page.request.get((await creditLink.getAttribute('href'))!);
  expect(owner.status()).toBe(200);
  const ownerText = squeezed((await pdfPages(await owner.body())).join('\n'));
  expect(ownerText).toContain('CREDIT NOTE');
  expect(ownerText).toContain(`Order no.: ${number}`);
  expect(ownerText).toContain('Between states: IGST');

  // The shopper keeps the invoice and gets the credit note beside it.
  await shopper.goto('/orders');
  const card = shopper.locator('.order-card', { hasText: number });
  await expect(card.getByRole('link', { name: /Invoice/ })).toBeVisible();
  const download = card.getByRole('link', { name: /Credit note/ });
  await viewportShots(shopper, 'books-shopper-credit-note', card);
  for (const size of [PHONE, DESKTOP]) {
    await shopper.setViewportSize(size);
    await expectFits(shopper);
  }
  const [saved] = await Promise.all([shopper.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toMatch(/^credit-note-.+CN-\d{4}-\d{5}\.pdf$/);
  const own = squeezed((await pdfPages(readFileSync((await saved.path())!))).join('\n'));
  expect(own).toBe(ownerText);

  // GST returns for this month: the summary, then the JSON for the accountant.
  await page.goto('/dashboard/books/gstr1');
  const india = new Date(Date.now() + 5.5 * 3_600_000);
  const month = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
  await page.getByLabel('Month or quarter').selectOption(month);
  await page.getByRole('button', { name: 'Show' }).click();
  const summary = page.locator('.adm-gstr1-summary');
  await expect(summary).toContainText(`GSTIN ${E2E_GSTIN}`);
  await expect(summary.getByRole('row', { name: /B2CS/ })).toBeVisible();
  await expect(summary).toContainText('Credit Note:');
  await viewportShots(page, 'books-gstr1-month', summary);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
  }
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('link', { name: /Download JSON/ }).click(),
  ]);
  const body = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(body.gstin).toBe(E2E_GSTIN);
  expect(body.doc_issue.doc_det.map((d: { doc_typ: string }) => d.doc_typ)).toContain('Credit Note');
  await shopperContext.close();
});
