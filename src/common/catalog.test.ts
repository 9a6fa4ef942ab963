import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  brandFromSlug,
  brandSlug,
  categoryFromSlug,
  categoryLabel,
  categorySlug,
  LISTING_TABS,
  listingPath,
  productPath,
} from './catalog.ts';

describe('slug rules (docs/product.md#fixed-data)', () => {
  it('makes brand slugs: lowercase, hyphens to underscores, spaces to hyphens', () => {
    expect(brandSlug('Jaeger-LeCoultre')).toBe('jaeger_lecoultre');
    expect(brandSlug('Tag Heuer')).toBe('tag-heuer');
    expect(brandSlug('Jacob & Co')).toBe('jacob-&-co');
  });
  it('maps every brand slug back to its brand, case-insensitively', () => {
    for (const brand of BRANDS) expect(brandFromSlug(brandSlug(brand))).toBe(brand);
    expect(brandFromSlug('ROLEX')).toBe('Rolex');
    expect(brandFromSlug('no-such-brand')).toBeNull();
  });
  it('maps category slugs both ways and rejects unknown ones', () => {
    expect(categorySlug('swizz eta watch')).toBe('swizz-eta-watch');
    expect(categoryFromSlug('men-watch')).toBe('men watch');
    expect(categoryFromSlug('kids-watch')).toBeNull();
  });
  it('names categories as the listing tabs do', () => {
    for (const tab of LISTING_TABS) if (tab.category) expect(categoryLabel(tab.category)).toBe(tab.label);
    expect(categoryLabel('swizz eta watch')).toBe('Swizz ETA Watch');
    expect(categoryLabel('original watch')).toBe('Original Watch');
  });
  it('has the 28 brands with the four original brands last', () => {
    expect(BRANDS).toHaveLength(28);
    expect(BRANDS.slice(-4)).toEqual(['Fossil', 'Casio', 'Titan', 'Seiko']);
  });
  it('builds listing and product paths', () => {
    expect(listingPath()).toBe('/product');
    expect(listingPath('men watch', 'Tag Heuer')).toBe('/product/men-watch/tag-heuer');
    expect(productPath({ id: 'abc', name: 'Rolex Day Date' })).toBe('/abc/Rolex%20Day%20Date');
  });
});
