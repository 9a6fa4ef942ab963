/** Values shared by the e2e server and the journeys. */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { productPath } from '../../src/common/catalog.ts';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-1' } as const;
/** Where the e2e store mails the owner (tests/e2e/mailbox.ts reads what arrives). */
export const E2E_OWNER_EMAIL = 'owner@e2e.example';
/** The e2e shop's GSTIN (Maharashtra): its invoices are tax invoices. */
export const E2E_GSTIN = '27AAPFU0939F1ZV';
/** The token the services project's store expects in x-api-key on Shiprocket's tracking webhook. */
export const E2E_SHIPROCKET_WEBHOOK_TOKEN = 'whk_e2e_journeys_token_0123456789';
/**
 * Pincodes the services project's fake Shiprocket answers differently (tests/e2e/server.ts): Leh,
 * served without cash on delivery, and Nicobar, served by no courier. Both are in the store's own
 * pincode directory (src/common/pincodes.txt), so the manual courier would serve them: what the
 * shopper reads there comes from the courier.
 */
export const E2E_PREPAID_ONLY_PINCODE = '194101';
export const E2E_UNSERVED_PINCODE = '744301';
export const WIDTHS = [360, 1280] as const;

/** Saves a screenshot of the page at each width under test-results/screenshots/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** A fresh 10-digit phone number per test run, so journeys never collide. */
export function uniquePhone(): string {
  return `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

export interface Card {
  id: string;
  name: string;
  inStock: boolean;
}

/**
 * Products the admin journeys create, edit, mark out of stock or delete. They run
 * beside the shopper journeys on the same server, so shoppers never pick these.
 */
const CHANGED_BY_ADMIN_JOURNEYS = /^(Journey |Short-lived)/;

/** In-stock seeded products (newest first) that no journey changes while it runs. */
export async function stableProducts(request: APIRequestContext): Promise<Card[]> {
  const list = (await (await request.get('/api/products')).json()) as { items: Card[] };
  return list.items.filter((p) => p.inStock && !CHANGED_BY_ADMIN_JOURNEYS.test(p.name));
}

/**
 * Taps ADD TO CART once the app handles it (the form's data-ready): before that the tap is a form
 * post that lands on the cart (decision 034), which add-to-cart-first-paint.spec.ts covers.
 */
export async function tapAddToCart(page: Page): Promise<void> {
  await page.locator('form.add-to-cart[data-ready]').waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

export async function addFromProductPage(page: Page, product: Card): Promise<void> {
  await page.goto(productPath(product));
  await tapAddToCart(page);
  await expect(page.getByText('Added to your cart')).toBeVisible();
}

/** One in-stock watch put in the signed-in shopper's cart (by the API); the watch. */
export async function cartStableWatch(request: APIRequestContext): Promise<Card> {
  const [product] = await stableProducts(request);
  if (!product) throw new Error('the seeded catalogue has no watch in stock');
  const added = await request.post('/api/cart/items', { data: { productId: product.id, quantity: 1 } });
  expect(added.status()).toBe(200);
  return product;
}

/**
 * The signed-in shopper's cart checked out: CHECKOUT, the saved `address`, PROCEED, PLACE ORDER.
 * The checkout dialog, for what the journey expects next (the confirmation, or a refusal).
 */
export async function placeOrderFromCart(page: Page, address: string): Promise<Locator> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(address).check();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  return dialog;
}
