import { describe, expect, it } from 'vitest';
import { clampPage, listingCountText, pageFromHash } from './listing-page-number.ts';

describe('listing page number', () => {
  it('reads the page from the hash; no hash names none, a bad hash means page 1', () => {
    expect(pageFromHash('#3')).toBe(3);
    expect(pageFromHash('3')).toBe(3);
    expect(pageFromHash('')).toBeNull();
    expect(pageFromHash('#')).toBeNull();
    for (const bad of ['#abc', '#0', '#-2', '#1.5', '#2x', '#01', '#9999999']) expect(pageFromHash(bad)).toBe(1);
  });
  it('clamps a page past the last to the last, and to 1 when there are no pages', () => {
    expect(clampPage(99, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(5, 0)).toBe(1);
    expect(clampPage(0, 3)).toBe(1);
  });
  it('says how many watches are shown, in plain words', () => {
    expect(listingCountText(1, 40, 120)).toBe('Showing 1–40 of 120 watches');
    expect(listingCountText(1, 1, 1)).toBe('Showing 1 watch');
    expect(listingCountText(41, 41, 41)).toBe('Showing 41 of 41 watches');
    expect(listingCountText(3921, 3960, 4000)).toBe('Showing 3,921–3,960 of 4,000 watches');
    expect(listingCountText(1, 0, 120)).toBe('');
    expect(listingCountText(0, 0, 0)).toBe('');
  });
});
