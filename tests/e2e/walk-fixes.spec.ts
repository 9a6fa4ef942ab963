/**
 * The small defects of the 360 px walk (issue 27), each caught here: results scrolled into view
 * with their ticket number in the text, the category tabs' scroll hint, the payee UPI id with a
 * copy button and the QR code behind "Pay from another phone", the Explore search box's focus
 * ring drawn round the box only.
 */
import { randomUUID } from 'node:crypto';
import { addFromProductPage, stableProducts, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.use({ viewport: PHONE });

const ADDRESS = '14, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
const UPI_ID = 'timesquare@okhdfcbank';

test('a complaint sent from the bottom of the form shows its ticket number in view, in the text', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Your name').fill('Suresh Pillai');
  await page.getByLabel('Phone number').fill('9876501234');
  await page.getByLabel('What went wrong?').fill('The strap broke on the second day of use.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expectInView(page.getByRole('heading', { name: 'We have your complaint' }));
  const ticket = page.getByRole('status').filter({ hasText: 'Your ticket number is' });
  await expectInView(ticket);
  await expect(ticket).toHaveText(/^Your ticket number is C-\d{6}$/);
  await expectFits(page);
  await viewportShots(page, 'walk-complaint-ticket', ticket);
});

test('a deleted account says so in view', async ({ page }) => {
  const number = uniquePhone();
  const password = 'walk-delete-pass-1';
  expect(
    (
      await page.request.post('/api/signup', {
        data: { name: 'Kavya Menon', number, email: 'kavya@example.in', address: ADDRESS, password },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/your-data');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Your password, to confirm').fill(password);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expectInView(page.getByRole('heading', { name: 'Your account is deleted' }));
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeFocused();
  await viewportShots(page, 'walk-account-deleted');
});

test('the category tabs show they scroll on a phone, and the last tab can be reached clear of the fade', async ({
  page,
}) => {
  await page.goto('/product');
  const tabs = page.locator('.listing-tabs');
  const strip = await tabs.evaluate((el) => ({
    scrolls: el.scrollWidth > el.clientWidth,
    mask: getComputedStyle(el).maskImage,
  }));
  expect(strip.scrolls, 'at 360 px the tabs do not fit').toBe(true);
  expect(strip.mask, 'the edge fades').toContain('linear-gradient');
  await viewportShots(page, 'walk-category-tabs');
  // Scrolled to the end, the last tab ends before the faded strip's last 40 px.
  await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const [last, box] = await Promise.all([tabs.getByRole('link').last().boundingBox(), tabs.boundingBox()]);
  if (!last || !box) throw new Error('no box');
  expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width - 30);
});

test('the advance shows the payee UPI id with a copy button, and the QR code behind a toggle on a phone', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  expect(
    (
      await page.request.post('/api/signup', {
        data: {
          name: 'Rohan Iyer',
          number: uniquePhone(),
          email: 'rohan@example.in',
          address: ADDRESS,
          password: 'walk-upi-pass-1',
        },
      })
    ).status(),
  ).toBe(201);
  const placed = await page.request.post('/api/orders', {
    data: { address: ADDRESS, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);

  await page.goto('/orders');
  const upi = page.locator('.advance-upi').first();
  await expect(upi).toContainText(`Or pay to UPI id ${UPI_ID}`);
  await upi.getByRole('button', { name: 'Copy UPI id' }).click();
  await expect(upi.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(UPI_ID);

  const toggle = page.locator('.advance-qr-phone').first();
  const qr = toggle.getByRole('img', { name: /UPI QR code/ });
  await expect(qr).toBeHidden();
  await toggle.getByText('Pay from another phone').click();
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectFits(page);
  await viewportShots(page, 'walk-advance-upi', upi);

  // On a computer the QR code shows beside the pay button, and there is no toggle.
  await page.setViewportSize(DESKTOP);
  await expect(page.locator('.advance-qr').first()).toBeVisible();
  await expect(toggle).toBeHidden();
});

test('the focused search box on Explore has its ring round the box only, at 1280', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/explore');
  const box = page.getByRole('searchbox', { name: 'Search watches' });
  await box.focus();
  const rings = await page.evaluate(() => {
    const ringed = [...document.querySelectorAll('.explore-search, .explore-search *')].filter(
      (el) => getComputedStyle(el).boxShadow !== 'none',
    );
    return ringed.map((el) => `${el.tagName} ${Math.round(el.getBoundingClientRect().width)}`);
  });
  // The form: as wide as the box (640 px at most), not the page.
  expect(rings).toEqual(['FORM 640']);
  await page.screenshot({ path: 'test-results/screenshots/walk-explore-focus-1280.png' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/screenshots/walk-explore-focus-360.png' });
});

test('the checkout popup keeps keyboard focus inside it and gives it back to CHECKOUT when it closes', async ({
  page,
}) => {
  const [watch] = await stableProducts(page.request);
  if (!watch) throw new Error('the seeded catalogue has no watch in stock');
  await addFromProductPage(page, watch);
  await page.goto('/cart');
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await checkout.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '+ Add new address' }).click();
  await expect(dialog.getByLabel('House or flat no.')).toBeVisible();
  // Tab never reaches the page behind: focus stays in the popup (past its last control a native
  // modal <dialog> lets it go to the browser's own controls, leaving the page's body active).
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((d) =>
      d.contains(document.activeElement) ? 'popup' : document.activeElement === document.body ? 'browser' : 'page',
    );
    expect(where, `Tab ${i + 1} stays out of the page behind`).not.toBe('page');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(checkout).toBeFocused();
  await viewportShots(page, 'walk-checkout-closed');
});
