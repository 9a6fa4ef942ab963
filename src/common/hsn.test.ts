import { describe, expect, it } from 'vitest';
import { HSN_DESCRIPTION_MAX, hsnDescription } from './hsn.ts';
import { DEFAULT_HSN } from './schemas/product.ts';

describe('hsnDescription', () => {
  it('names a watch’s HSN within GSTR-1’s 30 characters, an 8-digit code by its heading', () => {
    expect(hsnDescription(DEFAULT_HSN)).toBe('Wrist-watches, pocket-watches');
    expect(hsnDescription('91021100')).toBe('Wrist-watches, pocket-watches');
    expect(hsnDescription('911390')).toBe('Watch straps, bands, bracelets');
    for (let h = 9101; h <= 9114; h++) {
      const text = hsnDescription(String(h));
      expect(text.length, String(h)).toBeLessThanOrEqual(HSN_DESCRIPTION_MAX);
    }
  });

  it('leaves a code outside Chapter 91 without a description', () => {
    expect(hsnDescription('8506')).toBe('');
  });
});
