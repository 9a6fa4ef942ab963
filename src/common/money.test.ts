import { describe, expect, it } from 'vitest';
import { cartTotals, formatRupees, groupIndian, percentOff } from './money.ts';

describe('money', () => {
  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000');
  });
  it('computes the cart totals of docs/product.md#limits-and-constants', () => {
    const totals = cartTotals([
      { price: 5000, discountPrice: 3000, quantity: 2 },
      { price: 1000, discountPrice: 1000, quantity: 1 },
    ]);
    expect(totals).toEqual({ totalMrp: 11000, subtotal: 11000, discount: 4000, total: 7000 });
  });
  it('computes a whole percentage off', () => {
    expect(percentOff(1000, 500)).toBe(50);
    expect(percentOff(1000, 1000)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
});

describe('groupIndian', () => {
  it('groups as the en-IN number format does, rounding to whole numbers', () => {
    const values = [0, 7, 999, 1000, 12345, 123456, 1234567, 98765432, 1e9 + 7, 2 ** 40, -1234567, 0.4, 999.5, -0.4];
    const en = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (const value of values) expect(groupIndian(value), String(value)).toBe(en.format(value).replace('-0', '0'));
    expect(groupIndian(1234567)).toBe('12,34,567');
  });
});
