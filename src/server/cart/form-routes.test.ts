import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE } from '../../common/cart-cookie.ts';
import { CART_FULL } from '../../common/cart-rules.ts';
import { MAX_CART_LINES } from '../../common/constants.ts';
import { UNKNOWN_PRODUCT } from '../../common/schemas/cart.ts';
import { withNoscriptCart } from '../pages/noscript-cart.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, signUp } from '../test-support/shoppers.ts';
import { OUT_OF_STOCK } from './queries.ts';

/*
 * ADD TO CART as a plain form post (docs/decisions/034-add-to-cart-before-the-script.md): a
 * visitor's tap lands in the cart cookie, a shopper's in the server cart; both are sent to the cart.
 */
describe.each(TEST_DIALECTS)('the ADD TO CART form on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/cart/add',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === CART_COOKIE)?.value;

  it('a visitor’s taps go into the cart cookie, counted, and the browser goes to the cart', async () => {
    const p = await insertProduct(t.app.db);
    const first = await post(`productId=${p.id}`);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/cart');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(cookieOf(first)).toBe(`${p.id}*1`);
    const second = await post(`productId=${p.id}`, { cookie: `${CART_COOKIE}=${cookieOf(first)}` });
    expect(cookieOf(second)).toBe(`${p.id}*2`);
    const other = await insertProduct(t.app.db);
    const third = await post(`productId=${other.id}`, { cookie: `${CART_COOKIE}=${cookieOf(second)}` });
    expect(cookieOf(third)).toBe(`${p.id}*2.${other.id}*1`);
  });

  it('a logged-in shopper’s tap goes into their cart on the server, with no cookie', async () => {
    const { cookie } = await signUp(t.app);
    const p = await insertProduct(t.app.db);
    const res = await post(`productId=${p.id}`, { cookie });
    expect(res.statusCode).toBe(303);
    expect(cookieOf(res)).toBeUndefined();
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(cart.json().lines).toMatchObject([{ productId: p.id, quantity: 1 }]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const out = await insertProduct(t.app.db, { inStock: false });
    const gone = await insertProduct(t.app.db, { deleted: true });
    const cases: Array<[string, number, string]> = [
      ['', 400, 'Please choose a watch to add to the cart.'],
      ['productId=%3Cscript%3E', 400, 'Please choose a watch to add to the cart.'],
      [`productId=${out.id}`, 409, OUT_OF_STOCK],
      [`productId=${gone.id}`, 404, UNKNOWN_PRODUCT],
    ];
    for (const [body, status, text] of cases) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(status);
      expect(res.body, body).toBe(text);
      expect(cookieOf(res), body).toBeUndefined();
    }
    // A body far past a form's size is refused before it is read.
    expect((await post(`productId=${'a'.repeat(2000)}`)).statusCode).toBe(413);
  });

  it('a full cart takes no new watch; a forged cookie is read as far as it is valid', async () => {
    const p = await insertProduct(t.app.db);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => `${String(i).padStart(20, 'a')}*1`).join('.');
    const res = await post(`productId=${p.id}`, { cookie: `${CART_COOKIE}=${full}` });
    expect(res.statusCode).toBe(409);
    expect(res.body).toBe(CART_FULL);
    const forged = await post(`productId=${p.id}`, { cookie: `${CART_COOKIE}=junk*99.${p.id}*0.<b>*1` });
    expect(cookieOf(forged)).toBe(`${p.id}*1`);
  });

  it('another site cannot post it', async () => {
    const p = await insertProduct(t.app.db);
    const res = await post(`productId=${p.id}`, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(cookieOf(res)).toBeUndefined();
  });
});

describe('the cart page without JavaScript', () => {
  it('puts the lines inside the cart screen’s <noscript> note, and nowhere else', () => {
    const page =
      '<main><noscript><p class="message noscript-note">This page needs JavaScript.</p></noscript><div>cart</div></main>';
    const lines = '<section class="noscript-cart">Seiko × 1</section>';
    expect(withNoscriptCart(page, lines)).toBe(
      `<main><noscript><p class="message noscript-note">This page needs JavaScript.</p>${lines}</noscript><div>cart</div></main>`,
    );
    expect(withNoscriptCart('<main>no note</main>', lines)).toBe('<main>no note</main>');
  });
});
