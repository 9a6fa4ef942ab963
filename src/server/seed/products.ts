/**
 * Generated products and their bulk insert. The first 33 products cover every
 * category, then every brand as a men watch (the home page's brand popup links
 * to all 28); the rest are drawn by weight.
 */
import { BRANDS, type Brand, type Category, ORIGINAL_BRANDS, TAGS } from '../../common/catalog.ts';
import type { NewProductRow, ProductRow } from '../db/tables.ts';
import type { ImagePool, PoolFace } from './images.ts';
import { modelsOf, type WatchModel } from './models.ts';
import {
  caseSize,
  description,
  features,
  machineFor,
  productName,
  SPINNING_TEXTS,
  type WatchSpec,
} from './product-text.ts';
import { chance, int, pick, type Random, sample, seededId, weighted } from './random.ts';

/** Draws `n` numbers and drops them (a field that is no longer made keeps the rest of a row the same). */
function skipDraws(random: () => number, n: number): Record<string, never> {
  for (let i = 0; i < n; i++) random();
  return {};
}

const DAY_MS = 86_400_000;
/** createdAt is spread over this many days before `now`, so "latest" means something. */
export const SPREAD_DAYS = 180;

const LUXURY_BRANDS = BRANDS.filter((b) => !ORIGINAL_BRANDS.includes(b));
const FIRST: ReadonlyArray<[Category, string]> = [
  ['men watch', 'Rolex'],
  ['women watch', 'Cartier'],
  ['original watch', 'Fossil'],
  ['celebrity watch', 'Audemars Piguet'],
  ['swizz eta watch', 'Omega'],
  ...BRANDS.map((b): [Category, string] => ['men watch', b]),
];
const CATEGORY_WEIGHTS: ReadonlyArray<readonly [Category, number]> = [
  ['men watch', 40],
  ['women watch', 22],
  ['celebrity watch', 14],
  ['swizz eta watch', 14],
  ['original watch', 10],
];
/** MRP range per category, in thousands of rupees (MRP ends in 999 or 499). */
const MRP_K: Record<Category, [number, number]> = {
  'original watch': [5, 25],
  'men watch': [6, 35],
  'women watch': [5, 30],
  'celebrity watch': [10, 60],
  'swizz eta watch': [25, 90],
};

function brandFor(random: Random, category: Category): string {
  if (category === 'original watch') return pick(random, ORIGINAL_BRANDS);
  if (category === 'men watch' || category === 'women watch') return pick(random, BRANDS);
  return pick(random, LUXURY_BRANDS);
}

function modelFor(random: Random, brand: string, category: Category): WatchModel {
  const all = modelsOf(brand);
  const women = all.filter((m) => m.women);
  const men = all.filter((m) => !m.women);
  if (category === 'women watch' && women.length && chance(random, 0.8)) return pick(random, women);
  if (category !== 'women watch' && men.length) return pick(random, men);
  return pick(random, all);
}

function prices(random: Random, category: Category, brand: string, status: string) {
  // The four original-watch brands cost the same whichever listing shows them.
  const [lo, hi] = MRP_K[ORIGINAL_BRANDS.includes(brand as Brand) ? 'original watch' : category];
  const price = int(random, lo * 2, hi * 2) * 500 - 1;
  const noDiscount = status !== 'Sale' && chance(random, 0.15);
  if (noDiscount) return { price, discountPrice: price };
  const off = status === 'Sale' ? int(random, 6, 12) * 5 : int(random, 2, 10) * 5;
  const discountPrice = Math.max(99, Math.round((price * (100 - off)) / 100 / 50) * 50 - 1);
  return { price, discountPrice: Math.min(price, discountPrice) };
}

function youtubeUrl(random: Random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let id = '';
  for (let i = 0; i < 11; i++) id += chars[Math.floor(random() * chars.length)];
  return `https://www.youtube.com/watch?v=${id}`;
}

function pictures(random: Random, faces: PoolFace[], extras: string[]) {
  const primary = pick(random, faces);
  const siblings = faces.filter((f) => f !== primary);
  const count = int(random, 1, 4);
  const images = [primary.id, ...siblings.map((f) => f.id), ...sample(random, extras, 2)].slice(0, count);
  const colorImages =
    siblings.length && chance(random, 0.8) ? [primary, ...siblings].map((f) => ({ color: f.color, image: f.id })) : [];
  return { primary, images, colorImages };
}

export type ProductFactory = (
  index: number,
) => NewProductRow & Pick<ProductRow, 'hsn_code' | 'country_of_origin' | 'uqc'>;

/** Where the demo watches are made: the original brands' home countries; every other demo watch is imported from China. */
const ORIGIN: Partial<Record<Brand, string>> = { Fossil: 'China', Casio: 'Japan', Titan: 'India', Seiko: 'Japan' };

/** Makes product number `index`; the same PRNG state and calls give the same rows. */
export function productFactory(random: Random, pool: ImagePool, now: number): ProductFactory {
  return (index) => {
    const [category, brand] = FIRST[index] ?? [undefined, undefined];
    const cat = category ?? weighted(random, CATEGORY_WEIGHTS);
    const br = brand ?? brandFor(random, cat);
    const model = modelFor(random, br, cat);
    const brandFaces = pool.byBrand.get(br) ?? [...pool.byBrand.values()].flat();
    const sameKind = brandFaces.filter((f) => f.chronograph === model.chronograph);
    const { primary, images, colorImages } = pictures(random, sameKind.length ? sameKind : brandFaces, pool.extras);
    const spec: WatchSpec = {
      brand: br,
      category: cat,
      model,
      face: primary,
      sizeMm: caseSize(random, cat, model),
      machine: machineFor(random, br, cat, model),
    };
    const status = weighted(random, [
      ['New', 25],
      ['Bestseller', 25],
      ['Sale', 30],
      ['', 20],
    ] as const);
    const { price, discountPrice } = prices(random, cat, br, status);
    const created = now - Math.floor(random() * SPREAD_DAYS * DAY_MS);
    const createdAt = new Date(created).toISOString();
    return {
      id: seededId(random, created),
      name: productName(spec),
      brand: br,
      category: cat,
      price,
      discount_price: discountPrice,
      description: description(random, spec),
      images: JSON.stringify(images),
      color_images: JSON.stringify(colorImages),
      features: JSON.stringify(features(random, spec)),
      tags: JSON.stringify(sample(random, TAGS, int(random, 0, 3))),
      // No stars without reviews (issue 38): a demo watch's rating comes from its buyers' published
      // reviews. The two draws the typed stars took are still made, so every other field stays as it was.
      ...skipDraws(random, 2),
      stars: 0,
      reviews_count: 0,
      outside_rating: null,
      outside_rating_count: null,
      outside_rating_source: null,
      status,
      spinning_text: chance(random, 0.7) ? pick(random, SPINNING_TEXTS) : '',
      in_stock: chance(random, 0.08) ? 0 : 1,
      video_url: chance(random, 0.06) ? youtubeUrl(random) : '',
      created_at: createdAt,
      updated_at: createdAt,
      deleted_at: null,
      hsn_code: '9102',
      uqc: 'NOS',
      country_of_origin: ORIGIN[br as Brand] ?? 'China',
    };
  };
}
