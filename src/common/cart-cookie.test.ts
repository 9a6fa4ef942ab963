import { describe, expect, it } from 'vitest';
import { addToCookieCart, formatCartCookie, parseCartCookie } from './cart-cookie.ts';
import { CART_QTY_MAX, MAX_CART_LINES } from './constants.ts';

const A = 'a'.repeat(20);
const B = 'b'.repeat(20);

describe('the cart cookie', () => {
  it('reads what it writes', () => {
    const lines = [
      { id: A, quantity: 2 },
      { id: B, quantity: 10 },
    ];
    expect(parseCartCookie(formatCartCookie(lines))).toEqual(lines);
  });

  it('drops whatever is malformed, never trusting the browser', () => {
    const hostile = [
      `${A}*0`,
      `${A}*11`,
      `${A}*-1`,
      `${A.toUpperCase()}*1`,
      '<script>*1',
      `${A}*1\n`,
      `${A}*1;admin=1`,
      `${B}*3`,
      `${B}*4`,
    ].join('.');
    // Only the first valid line for B is kept; A in every form is refused.
    expect(parseCartCookie(hostile)).toEqual([{ id: B, quantity: 3 }]);
    expect(parseCartCookie('x'.repeat(5000))).toEqual([]);
    expect(parseCartCookie(undefined)).toEqual([]);
  });

  it('keeps the cart’s rules: never past 10 of a watch, at most 50 watches', () => {
    expect(addToCookieCart([{ id: A, quantity: 9 }], A, 1)).toEqual({ lines: [{ id: A, quantity: 10 }], added: 1 });
    expect(addToCookieCart([{ id: A, quantity: CART_QTY_MAX }], A, 1).added).toBe(0);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ id: String(i).padStart(20, 'c'), quantity: 1 }));
    expect(addToCookieCart(full, A, 1).added).toBeNull();
    expect(parseCartCookie(formatCartCookie([...full, { id: A, quantity: 1 }]))).toHaveLength(MAX_CART_LINES);
  });
});
