/**
 * A business buyer (docs/product.md#checkout, docs/decisions/038-buyer-gstin.md): at the order details
 * the shopper ticks "Buying for a business?", types a GSTIN with a typing mistake and is told so on the
 * field, corrects it and places the order; the owner dispatches it and the invoice shows the buyer's
 * GSTIN and the place of supply of its state; GST returns for the month list it in B2B. Screens at
 * 360 px and 1280 px, axe on the form and the returns.
 */
import { randomUUID } from 'node:crypto';
import { BUSINESS_MESSAGES } from '../../src/common/business-buyer-rules.ts';
import { pdfPages, squeezed } from '../../src/server/test-support/pdf.ts';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { addFromProductPage, stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 360_000 });
/** Delivered in Pune (the shop's own state) to a Karnataka business: the GSTIN's state decides, IGST (decision 056). */
const ADDRESS = '14, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
const GSTIN = '29AAGCB7383J1Z4';

test('a business buyer gives a GSTIN at checkout; the invoice shows it and GST returns list it in B2B', async ({
  page,
  browser,
}) => {
  const shopperContext = await browser.newContext({ viewport: PHONE });
  const shopper = await shopperContext.newPage();
  const phone = uniquePhone();
  const signup = await shopper.request.post('/api/signup', {
    data: {
      name: 'Kiran Shetty',
      number: phone,
      email: 'kiran@example.in',
      address: ADDRESS,
      password: `k-${randomUUID()}`,
    },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  await addFromProductPage(shopper, product);
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Checkout' }).click();
  const dialog = shopper.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('heading', { name: 'Order Details' })).toBeVisible();

  // Ticked with the keyboard: the business fields appear.
  const business = dialog.getByLabel('Buying for a business? Add its GSTIN to the invoice');
  await business.focus();
  await shopper.keyboard.press('Space');
  await expect(business).toBeChecked();
  await dialog.getByLabel('Business name').fill('Bengaluru Time House');
  // A typing mistake in the last character: told on the field, in view, with focus on it.
  const gstinField = dialog.getByRole('textbox', { name: 'GSTIN' });
  await gstinField.fill(`${GSTIN.slice(0, 14).toLowerCase()}5`);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  const error = dialog.getByText(BUSINESS_MESSAGES.gstinCheck).first();
  await expectInView(error, dialog);
  await expect(gstinField).toBeFocused();
  await expect(gstinField).toHaveAttribute('aria-invalid', 'true');
  await expectFits(shopper, dialog);
  await viewportShots(shopper, 'business-buyer-gstin-error', gstinField);
  expect.soft(await axeViolations(shopper), 'axe on the order details with a GSTIN error').toEqual([]);

  await gstinField.fill(GSTIN.toLowerCase());
  await expect(dialog.getByText(BUSINESS_MESSAGES.gstinCheck)).toHaveCount(0);
  await viewportShots(shopper, 'business-buyer-gstin', gstinField);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toBeVisible();
  const number = ((await shopper.locator('.confirmation-id').textContent()) ?? '').trim();
  expect(number).toMatch(/^TSW-[0-9]+$/);

  // The owner settles the advance and dispatches: the invoice is the business's.
  await adminLogin(page, '/dashboard/orders');
  const advance = await page.request.post(`/api/admin/orders/${number}/advance`, {
    data: { action: 'received', note: '' },
  });
  expect(advance.status()).toBe(200);
  const dispatched = await page.request.patch(`/api/admin/orders/${number}/state`, { data: { state: 'dispatched' } });
  expect(dispatched.status()).toBe(200);
  const invoice = await page.request.get(`/api/admin/orders/${number}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  const text = squeezed((await pdfPages(await invoice.body())).join('\n'));
  for (const expected of ['TAX INVOICE', 'Bengaluru Time House', 'Kiran Shetty', `GSTIN: ${GSTIN}`, 'Karnataka (29)']) {
    expect(text).toContain(expected);
  }
  expect(text).toContain('Between states: IGST');
  // Where the watch went, beside the address and under the place of supply (decision 056).
  expect(text).toContain('Shipped to');
  expect(text).toContain('Delivered in Maharashtra (27) on the buyer’s direction');

  // GST returns for this month: a B2B row, on a phone and a desktop.
  await page.goto('/dashboard/books/gstr1');
  const india = new Date(Date.now() + 5.5 * 3_600_000);
  const month = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
  await page.getByLabel('Month or quarter').selectOption(month);
  await page.getByRole('button', { name: 'Show' }).click();
  const summary = page.locator('.adm-gstr1-summary');
  const b2b = summary.getByRole('row', { name: /B2B/ });
  await expect(b2b).toBeVisible();
  await expect(b2b.locator('td[data-label="Rows"]')).not.toHaveText('0');
  await expect(summary).toContainText(/\d+ invoices? \(/);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
    expect.soft(await axeViolations(page), `axe on GST returns at ${size.width}px`).toEqual([]);
  }
  await viewportShots(page, 'business-buyer-gstr1', b2b);
  const json = await page.request.get(`/api/admin/books/gstr1.json?period=${month}`);
  const body = await json.json();
  const listed = body.b2b.find((g: { ctin: string }) => g.ctin === GSTIN);
  expect(listed.inv.map((i: { pos: string }) => i.pos)).toContain('29');
  await shopperContext.close();
});
