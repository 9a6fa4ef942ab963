/**
 * The pincode check before an order (docs/product.md#shipping) with Shiprocket as the courier: the
 * fake Shiprocket the "services" project's server starts (tests/e2e/server.ts) serves Leh without
 * cash on delivery and no courier serves Nicobar; both are in the store's own pincode directory, so
 * the answers below are the courier's. The product page says so, and the checkout refuses an order
 * to Leh with the same words before anything is saved.
 * Run: npm run build && npx playwright test courier-pincode --project=services
 */
import { randomUUID } from 'node:crypto';
import { productPath } from '../../src/common/catalog.ts';
import { indiaDay } from '../../src/common/india-time.ts';
import { formatExpectedDay } from '../../src/common/shipments.ts';
import { signUp } from './courier-steps.ts';
import {
  cartStableWatch,
  E2E_PREPAID_ONLY_PINCODE,
  E2E_UNSERVED_PINCODE,
  placeOrderFromCart,
  stableProducts,
} from './fixtures.ts';
import { expectFits, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test.describe.configure({ timeout: 120_000 });

const NO_COD = `Cash on delivery is not available at ${E2E_PREPAID_ONLY_PINCODE}`;
const NOT_SERVED = `We do not deliver to ${E2E_UNSERVED_PINCODE} yet`;

/** "Delivery by Tue, 1 Dec": the fake's recommended courier (Delhivery Surface) takes 4 days. */
const deliveryIn4Days = () => `Delivery by ${formatExpectedDay(indiaDay(Date.now() + 4 * 86_400_000))}`;

test('the product page asks Shiprocket: served with cash on delivery, served without it, not served', async ({
  page,
}) => {
  const [product] = await stableProducts(page.request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(productPath(product));
  // The check is the browser's (the server's page has no answer to give): wait for the script.
  await page.waitForLoadState('networkidle');
  const check = page.locator('form.pincode-check');
  const answer = check.getByRole('status');
  // The box and CHECK keep inside the page's margins (they once widened the product column past them).
  const overhang = await check.evaluate((form) => {
    const pageBox = form.closest('.product-page');
    if (!pageBox) throw new Error('the check is not on the product page');
    const contentRight =
      pageBox.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(pageBox).paddingRight);
    return form.getBoundingClientRect().right - contentRight;
  });
  expect(overhang, 'px past the page’s right margin at 360 px').toBeLessThanOrEqual(0.5);
  const ask = async (pincode: string) => {
    await check.getByLabel('Deliver to pincode').fill(pincode);
    await check.getByRole('button', { name: 'Check' }).click();
  };

  // Chennai: the courier's own date, four days out (either side of India's midnight).
  const before = deliveryIn4Days();
  await ask('600001');
  await expect(answer).toHaveText(/· cash on delivery available$/);
  const served = await answer.textContent();
  expect([`${before} · cash on delivery available`, `${deliveryIn4Days()} · cash on delivery available`]).toContain(
    served,
  );
  await expect(answer).toHaveClass(/pincode-check-ok/);
  await expectFits(page);
  await expectFits(page, check);
  await viewportShots(page, 'courier-pincode-served', check);

  await ask(E2E_PREPAID_ONLY_PINCODE);
  await expect(answer).toHaveText(NO_COD);
  await expect(answer).toHaveClass(/pincode-check-no/);
  await expectFits(page);
  await expectFits(page, check);
  await viewportShots(page, 'courier-pincode-no-cod', check);

  await ask(E2E_UNSERVED_PINCODE);
  await expect(answer).toHaveText(NOT_SERVED);
  await expect(answer).toHaveClass(/pincode-check-no/);
  await expectFits(page);
  await expectFits(page, check);
  await viewportShots(page, 'courier-pincode-not-served', check);
});

test('an order to a pincode without cash on delivery is refused with the same words, and nothing is saved', async ({
  page,
}) => {
  const address = `12, Shanti Stupa Road, near Main Bazaar, Leh - ${E2E_PREPAID_ONLY_PINCODE}, Ladakh`;
  await signUp(page.request, { name: 'Tsering Dolma', email: 'tsering@example.in', address, password: 'tsering-1' });
  const product = await cartStableWatch(page.request);

  // The checkout: the saved Leh address, then PLACE ORDER.
  await page.setViewportSize({ width: 360, height: 740 });
  const dialog = await placeOrderFromCart(page, address);
  await expect(dialog.getByText(NO_COD)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ORDERED SUCCESSFULLY' })).toHaveCount(0);
  await expectFits(page, dialog);
  await viewportShots(page, 'courier-pincode-checkout-refused', dialog.getByText(NO_COD));

  // Nothing saved: no order, and the watch still in the cart.
  const orders = await (await page.request.get('/api/orders?view=all')).json();
  expect(orders.orders).toEqual([]);
  const cart = await (await page.request.get('/api/cart')).json();
  expect(JSON.stringify(cart)).toContain(product.id);

  // The API says the same, and a pincode no courier serves is refused in its own words.
  const refused = await page.request.post('/api/orders', {
    data: { address, idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe(NO_COD);
  const nicobar = await page.request.post('/api/orders', {
    data: {
      address: `3, Harbour View, near Jetty, Car Nicobar - ${E2E_UNSERVED_PINCODE}, Andaman and Nicobar Islands`,
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(nicobar.status()).toBe(409);
  expect((await nicobar.json()).error.message).toBe(NOT_SERVED);
  expect((await (await page.request.get('/api/orders?view=all')).json()).orders).toEqual([]);
});
