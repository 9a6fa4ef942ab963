import { describe, expect, it } from 'vitest';
import {
  ADDED_TO_CART,
  addedMessage,
  CART_LINE_FULL,
  lineQuantityMax,
  quantityAdded,
  quantityChoices,
} from './cart-rules.ts';

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

describe('the quantities a cart line offers (issue 34 item 15)', () => {
  it('are 1 to the stock when fewer than 10 are counted, else 1 to 10', () => {
    expect(quantityChoices(lineQuantityMax(2), 1)).toEqual([1, 2]);
    expect(quantityChoices(lineQuantityMax(40), 1)).toHaveLength(10);
    expect(quantityChoices(lineQuantityMax(null), 1)).toHaveLength(10);
    expect(quantityChoices(lineQuantityMax(0), 1)).toEqual([1]);
  });
  it('keep the line’s own quantity when the stock fell under it', () => {
    expect(quantityChoices(lineQuantityMax(2), 5)).toEqual([1, 2, 5]);
  });
});
