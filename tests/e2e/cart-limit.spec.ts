/**
 * A shopper's cart holds at most 50 different watches (issue 15): the 51st ADD
 * TO CART says so under the buttons, at phone and desktop width, and the cart
 * stays at 50.
 */

import { CART_FULL } from '../../src/common/cart-rules.ts';
import { productPath } from '../../src/common/catalog.ts';
import { MAX_CART_LINES } from '../../src/common/constants.ts';
import { STORAGE_KEYS } from '../../src/web/lib/storage.ts';
import { type Card, tapAddToCart, uniquePhone } from './fixtures.ts';
import { DESKTOP, expectFits, expectInView, PHONE, viewportShots } from './layout-checks.ts';
import { expect, test } from './test.ts';

test('product page: the 51st different watch is refused with a message the shopper can read', async ({ page }) => {
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Lata Limit',
      number: uniquePhone(),
      email: 'lata.limit@example.com',
      address: '9, Lake View, near Bus Stand, Nagpur - 440001, Maharashtra',
      password: 'limit-pass-123',
    },
  });
  expect(signup.status()).toBe(201);
  const inStock: Card[] = [];
  for (let p = 1; inStock.length <= MAX_CART_LINES; p++) {
    const list = (await (await page.request.get(`/api/products?page=${p}`)).json()) as { items: Card[] };
    if (list.items.length === 0) throw new Error('the seeded catalogue has fewer than 51 watches in stock');
    inStock.push(...list.items.filter((c) => c.inStock));
  }
  for (const card of inStock.slice(0, MAX_CART_LINES)) {
    const added = await page.request.post('/api/cart/items', { data: { productId: card.id } });
    expect(added.status()).toBe(200);
  }
  const last = inStock[MAX_CART_LINES] as Card;

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(productPath(last));
    await tapAddToCart(page);
    await expectInView(page.getByText(CART_FULL));
    await expect(page.getByText('Added to your cart')).toHaveCount(0);
    await expect(page.locator('.cart-count')).toHaveText(String(MAX_CART_LINES));
    await expectFits(page);
  }
  await viewportShots(page, 'product-cart-holds-50', page.locator('.product-actions'));
  const cart = (await (await page.request.get('/api/cart')).json()) as { lines: unknown[] };
  expect(cart.lines).toHaveLength(MAX_CART_LINES);
});

test('product page: a visitor’s cart in the browser stops at 50 watches too, and says so', async ({ page }) => {
  const inStock: Card[] = [];
  for (let p = 1; inStock.length <= MAX_CART_LINES; p++) {
    const list = (await (await page.request.get(`/api/products?page=${p}`)).json()) as { items: Card[] };
    if (list.items.length === 0) throw new Error('the seeded catalogue has fewer than 51 watches in stock');
    inStock.push(...list.items.filter((c) => c.inStock));
  }
  const lines = inStock.slice(0, MAX_CART_LINES).map((c) => ({ id: c.id, proname: c.name, quantity: 1 }));
  const last = inStock[MAX_CART_LINES] as Card;
  await page.goto(productPath(last));
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORAGE_KEYS.visitorCart, JSON.stringify(lines)],
  );
  await page.reload();
  await tapAddToCart(page);
  await expectInView(page.getByText(CART_FULL));
  await expect(page.getByText('Added to your cart')).toHaveCount(0);
  const kept = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]').length,
    STORAGE_KEYS.visitorCart,
  );
  expect(kept).toBe(MAX_CART_LINES);
});
