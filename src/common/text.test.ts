import { describe, expect, it } from 'vitest';
import { cartRowName, truncate } from './text.ts';

describe('names cut for cards and cart rows', () => {
  it('keeps the ellipsis on the word when the cut falls on a space', () => {
    expect(truncate('Cartier Santos Large Steel', 15)).toBe('Cartier Santos…');
    expect(truncate('Cartier Santos Large Steel', 14)).toBe('Cartier Santos…');
    expect(truncate('Rolex', 15)).toBe('Rolex');
  });

  it('cuts a cart row name over 50 characters to 20, with no space before the ellipsis', () => {
    const long = `Casio Edifice Chron ${'x'.repeat(40)}`;
    expect(cartRowName(long)).toBe('Casio Edifice Chron…');
    expect(cartRowName('A short name')).toBe('A short name');
  });
});
