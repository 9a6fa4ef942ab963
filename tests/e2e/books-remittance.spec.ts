/**
 * COD remittance and Money at a glance (docs/product.md "COD remittance", "Money at a glance"):
 * three orders delivered with AWBs; the owner uploads the courier's remittance report (Shiprocket's
 * layout) with one short payment, an unknown AWB and a hostile order reference, reads the match
 * table and the cash still with couriers; maps another courier's report once, whose next week's
 * report is then read by itself; then opens Money at a glance. At 360x740 and 1280x800,
 * with axe on both screens.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, PHONE } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 180_000 });
const ADDRESS = '14, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
/** A shopper orders a watch; the owner (admin request) receives the advance, adds the AWB and marks it delivered. */
async function deliveredOrder(shopper: APIRequestContext, admin: APIRequestContext, awb: string) {
  const signup = await shopper.post('/api/signup', {
    data: {
      name: 'Remit Buyer',
      number: uniquePhone(),
      email: 'remit@example.in',
      address: ADDRESS,
      password: 'remit-pass-12',
    },
  });
  expect(signup.status()).toBe(201);
  const [product] = await stableProducts(shopper);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const placed = await shopper.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).order;
  const number: string = order.number;
  expect(
    (await admin.post(`/api/admin/orders/${number}/advance`, { data: { action: 'received', note: '' } })).status(),
  ).toBe(200);
  expect(
    (await admin.put(`/api/admin/orders/${number}/shipment`, { data: { courierName: 'Delhivery', awb } })).status(),
  ).toBe(200);
  expect(
    (await admin.post(`/api/admin/orders/${number}/shipment/step`, { data: { step: 'delivered' } })).status(),
  ).toBe(200);
  const detail = await (await admin.get(`/api/admin/orders/${number}`)).json();
  return { number, total: Number(detail.order?.total ?? order.total), advance: Number(order.advanceAmount ?? 300) };
}

async function shots(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectFits(page);
    expect.soft(await axeViolations(page), `axe on ${name} at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
  }
}

test('the owner matches a COD remittance report, sees the short payment, and opens Money at a glance', async ({
  page,
  browser,
}) => {
  page.on('dialog', () => {
    throw new Error('a cell ran as script');
  });
  await adminLogin(page, '/dashboard');
  const admin = page.request;
  const shopperContext = await browser.newContext();
  const run = String(Date.now()).slice(-7);
  const [a, b, c] = [`E2A${run}`, `E2B${run}`, `E2C${run}`];
  const paid = await deliveredOrder(shopperContext.request, admin, a);
  const short = await deliveredOrder(shopperContext.request, admin, b);
  await deliveredOrder(shopperContext.request, admin, c);
  const due = (o: { total: number; advance: number }) => (o.total - o.advance).toFixed(2);
  const shortPaid = (short.total - short.advance - 150).toFixed(2);
  const report = [
    'AWB Code,Channel Order ID,Courier,COD Amount,Remitted Amount,Remittance Date,UTR',
    `${a},${paid.number},Delhivery,${due(paid)},${due(paid)},20-11-2026,AXISCN00${run}`,
    `${b},${short.number},Delhivery,${due(short)},${shortPaid},20-11-2026,AXISCN00${run}`,
    `UNK${run},"=HYPERLINK(""http://x.in"",""<img src=x onerror=alert(1)>"")",Delhivery,500.00,500.00,20-11-2026,AXISCN00${run}`,
  ].join('\n');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'COD REMITTANCE' }).click();
  await expect(page.getByRole('heading', { name: 'COD remittance', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cash still with couriers' })).toBeVisible();
  await page.getByLabel('Remittance report (CSV)').setInputFiles({
    name: 'shiprocket-remittance.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(report),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const summary = page.getByRole('status').filter({ hasText: 'lines read' });
  await expect(summary).toContainText('3 lines read, 3 new. 3 AWBs: 1 short, 1 unknown.');
  const table = page.getByRole('table', { name: 'Each AWB of the report matched with its order' });
  await expect(table.getByRole('row', { name: new RegExp(b) })).toContainText('Short');
  await expect(table.getByRole('row', { name: new RegExp(b) })).toContainText('₹150.00 missing');
  await expect(table.getByRole('row', { name: new RegExp(a) })).toContainText('Paid in full');
  await expect(table.getByRole('row', { name: new RegExp(`UNK${run}`) })).toContainText('Unknown AWB');
  // The courier's hostile order reference is text, never an element.
  await expect(table.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeVisible();
  await expect(table.locator('img')).toHaveCount(0);
  // The dashboard's short payments list it too, once the cash panel reloads.
  const shortList = page.getByRole('table', { name: 'Short payments' });
  await expect(shortList.getByRole('row', { name: new RegExp(short.number) })).toBeVisible();
  await shots(page, 'books-remittance');

  // The same report again: nothing changes.
  await page.getByLabel('Remittance report (CSV)').setInputFiles({
    name: 'shiprocket-remittance.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(report),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(summary).toContainText('This report was imported before: nothing changed.');

  // Another courier's report with headers we do not know: mapped once, then read by itself.
  const d = `E2D${run}`;
  const other = await deliveredOrder(shopperContext.request, admin, d);
  const header = 'Sr,Waybill Ref,Client Order,Paid Out (INR),Paid On,Bank Txn';
  const unfamiliar = [
    'XYZ Couriers remittance statement,,,,,',
    header,
    `1,${d},${other.number},${due(other)},21-11-2026,HDFCR5${run}`,
  ].join('\n');
  const pickReport = (name: string, text: string) =>
    page.getByLabel('Remittance report (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await pickReport('xyz-week-47.csv', unfamiliar);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const mapping = page.getByRole('form', { name: 'A layout we do not know yet' });
  await expect(mapping).toBeVisible();
  await expect(mapping.getByRole('columnheader', { name: 'Waybill Ref' })).toBeVisible();
  await shots(page, 'books-remittance-mapping');
  await mapping.getByLabel('AWB (tracking number)').selectOption('Waybill Ref');
  await mapping.getByLabel('Amount remitted').selectOption('Paid Out (INR)');
  await mapping.getByLabel('Order number').selectOption('Client Order');
  await mapping.getByLabel('Date remitted').selectOption('Paid On');
  await mapping.getByLabel('UTR or reference').selectOption('Bank Txn');
  await mapping.getByRole('button', { name: 'Remember and import' }).click();
  await expect(page.getByRole('heading', { name: 'xyz-week-47.csv (Mapped by you)' })).toBeVisible();
  await expect(summary).toContainText('1 lines read, 1 new.');
  await expect(table.getByRole('row', { name: new RegExp(d) })).toContainText('Paid in full');
  // The next week's report of the same layout: read by itself, no mapping step.
  await pickReport('xyz-week-48.csv', `${header}\n2,${d},${other.number},0.00,28-11-2026,HDFCR6${run}\n`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'xyz-week-48.csv (Mapped by you)' })).toBeVisible();
  await expect(mapping).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(d) })).toContainText('Paid in full');
  await shots(page, 'books-remittance-mapped');

  // Money at a glance, this month by default.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'MONEY AT A GLANCE' }).click();
  await expect(page.getByRole('heading', { name: 'Money at a glance', level: 1 })).toBeVisible();
  await expect(page.getByText('COD received from couriers')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV for the accountant' })).toBeVisible();
  await shots(page, 'books-money');
  // A backwards range is refused in words, with the keyboard.
  const range = page.getByRole('form', { name: 'Choose the dates' });
  await range.getByLabel('From').fill('2026-12-31');
  await range.getByLabel('To').fill('2026-01-01');
  await range.getByLabel('To').press('Enter');
  await expect(page.getByText('Please choose a range of dates')).toBeVisible();
  await shopperContext.close();
});
