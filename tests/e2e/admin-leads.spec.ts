/**
 * Admin Leads (issue 27): a tick per lead with its time, a filter on it, and the CSV export of
 * what the filters show (formula cells neutralised, as the orders' export). Then axe on every
 * admin screen at 360 and 1280 px, with a screenshot of each.
 */
import { readFileSync } from 'node:fs';
import { adminLogin } from './admin-fixtures.ts';
import { axeViolations } from './axe.ts';
import { screenshots, WIDTHS } from './fixtures.ts';
import { expect, test } from './test.ts';

test('Leads: tick one followed up, filter on it, and export the list as CSV', async ({ page }) => {
  const customer = `=Lead ${Date.now()}`;
  await adminLogin(page, '/dashboard/leads');
  // A lead entered through the page's own form, with a name a spreadsheet would run as a formula.
  const added = await page.request.post('/api/admin/leads', {
    data: { platform: 'whatsapp', customer, productName: 'Titan Edge', quantity: 1 },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  const tick = page.getByRole('checkbox', { name: `${customer}, Titan Edge: followed up` });
  await expect(tick).not.toBeChecked();
  await tick.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${customer}: marked followed up`)).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: customer })).not.toContainText('Not yet');

  await page.getByLabel('Follow-up').selectOption('no');
  await expect(page.getByRole('row').filter({ hasText: customer })).toHaveCount(0);
  await page.getByLabel('Follow-up').selectOption('yes');
  await expect(page.getByRole('row').filter({ hasText: customer })).toHaveCount(1);
  await screenshots(page, 'admin-leads-followed-up');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date (IST),platform,customer,phone,product id,product,quantity,followed up (IST)');
  expect(csv).toContain(`'${customer}`);
  // Only those followed up: every row has its time.
  for (const row of csv.trimEnd().split('\r\n').slice(1)) expect(row).toMatch(/ IST$|\d$/);
});

test('every admin screen passes axe at 360 and 1280 px', async ({ page }) => {
  test.slow();
  await adminLogin(page);
  const screens: Array<[string, string, RegExp]> = [
    ['dashboard', '/dashboard', /Dashboard|Stats|Orders/i],
    ['products', '/dashboard/products', /Products/],
    ['product-form', '/dashboard/upload', /./],
    ['orders', '/dashboard/orders', /Orders/],
    ['leads', '/dashboard/leads', /Leads/],
    ['complaints', '/dashboard/complaints', /Complaints/],
    ['shoppers', '/dashboard/shoppers', /Shoppers/],
    ['admins', '/dashboard/admins', /Admins/],
    ['statement', '/dashboard/books/statement', /./],
    ['gstr1', '/dashboard/books/gstr1', /./],
  ];
  for (const [name, path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      expect.soft(await axeViolations(page), `axe on ${name} at ${width}px`).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/a11y-admin-${name}-${width}.png`, fullPage: true });
    }
  }
});
