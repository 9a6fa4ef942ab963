import { describe, expect, it } from 'vitest';
import { ADDED_TO_CART, addedMessage, CART_LINE_FULL, quantityAdded } from './cart-rules.ts';

describe('ADD TO CART messages', () => {
  it('adds up to the cap of 10 and no further', () => {
    expect(quantityAdded(0, 1)).toBe(1);
    expect(quantityAdded(9, 1)).toBe(1);
    expect(quantityAdded(7, 5)).toBe(3);
    expect(quantityAdded(10, 1)).toBe(0);
  });
  it('says "Added" only when something was added, and names the cap otherwise', () => {
    expect(addedMessage(1)).toEqual({ text: ADDED_TO_CART, tone: 'success' });
    expect(addedMessage(0)).toEqual({ text: CART_LINE_FULL, tone: 'info' });
    expect(CART_LINE_FULL).toContain('10');
  });
});
