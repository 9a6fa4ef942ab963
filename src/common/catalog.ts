/**
 * Fixed catalogue data (docs/product.md#fixed-data) and the slug rules of docs/product.md#home.
 */
export const CATEGORIES = ['men watch', 'women watch', 'original watch', 'celebrity watch', 'swizz eta watch'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Listing tabs in order; `null` is the "All" tab. */
export const LISTING_TABS: ReadonlyArray<{ label: string; category: Category | null }> = [
  { label: 'All', category: null },
  { label: 'Men Watch', category: 'men watch' },
  { label: 'Women Watch', category: 'women watch' },
  { label: 'Celebrity Watch', category: 'celebrity watch' },
  { label: 'Swizz ETA Watch', category: 'swizz eta watch' },
];

/** The 28 brands in display order; the last four are the original-watch brands. */
export const BRANDS = [
  'Rolex',
  'Omega',
  'Audemars Piguet',
  'Patek Philippe',
  'Hublot',
  'Tag Heuer',
  'Cartier',
  'Breitling',
  'Panerai',
  'Richard Mille',
  'Rado',
  'Tissot',
  'Longines',
  'IWC',
  'Jacob & Co',
  'Franck Muller',
  'Ulysse Nardin',
  'Bvlgari',
  'Chopard',
  'Jaeger-LeCoultre',
  'Vacheron Constantin',
  'Armani Exchange',
  'Michael Kors',
  'Tommy Hilfiger',
  'Fossil',
  'Casio',
  'Titan',
  'Seiko',
] as const;
export type Brand = (typeof BRANDS)[number];
export const ORIGINAL_BRANDS: readonly Brand[] = BRANDS.slice(-4);

export const STATUSES = ['New', 'Bestseller', 'Sale'] as const;
export type ProductStatus = (typeof STATUSES)[number];
/** Statuses shown as a badge on cards (docs/product.md#entities: NEW or SALE). */
export const BADGE_STATUSES: readonly ProductStatus[] = ['New', 'Sale'];

export const TAGS = ['Tage 1', 'Tage 2', 'Tage 3', 'Tage 4', 'Tage 5', 'Tage 6'] as const;

/** Default feature rows of the upload form (docs/product.md#admin-products). */
export const DEFAULT_FEATURE_NAMES = ['Brand', 'Machine', 'Color', 'Chronograph'] as const;

/** Category slug: lowercase, spaces become hyphens ("men watch" -> "men-watch"). */
export function categorySlug(category: string): string {
  return category.toLowerCase().replace(/ /g, '-');
}

/** Reverse of categorySlug; unknown slugs give null (an empty listing, not an error). */
export function categoryFromSlug(slug: string): Category | null {
  const name = slug.toLowerCase().replace(/-/g, ' ');
  return CATEGORIES.find((c) => c === name) ?? null;
}

/** Brand slug (docs/product.md#home): lowercase, hyphens become underscores, spaces become hyphens. */
export function brandSlug(brand: string): string {
  return brand.toLowerCase().replace(/-/g, '_').replace(/ /g, '-');
}

/** Reverse of brandSlug, matching the fixed brands case-insensitively. */
export function brandFromSlug(slug: string): Brand | null {
  const name = slug.replace(/-/g, ' ').replace(/_/g, '-').toLowerCase();
  return BRANDS.find((b) => b.toLowerCase() === name) ?? null;
}

/**
 * A category as the shop names it: the listing tab's label ("Swizz ETA Watch"),
 * or each word capitalised for a category without a tab ("Original Watch").
 */
export function categoryLabel(category: string): string {
  const name = category.toLowerCase();
  return LISTING_TABS.find((t) => t.category === name)?.label ?? name.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
}

/** Path of a listing page. */
export function listingPath(category?: string | null, brand?: string | null): string {
  if (!category) return '/product';
  const base = `/product/${categorySlug(category)}`;
  return brand ? `${base}/${brandSlug(brand)}` : base;
}

/** Path of a product page: /{id}/{name}, name URL-encoded (docs/product.md#screens-and-addresses). */
export function productPath(product: { id: string; name: string }): string {
  return `/${product.id}/${encodeURIComponent(product.name)}`;
}
