/**
 * The demo data: a catalogue with every category and all 28 brands, generated
 * pictures, home-page content, a demo shopper with orders and published photo
 * reviews of the delivered ones, and platform leads.
 * Repeatable: the same seed gives the same products and pictures; with the
 * same `now` too, the same ids and dates (only password salts differ).
 */
import { rebuildSearchIndex } from '../catalog/search/index-writer.ts';
import type { Db } from '../db/tables.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { DEMO_ORDER_SETTINGS, type DemoOrderSettings, demoProducts, seedShopper } from './demo.ts';
import { seedHomeContent } from './home.ts';
import { buildImagePool } from './images.ts';
import { insertProducts } from './insert.ts';
import { seedLeads } from './leads.ts';
import { productFactory } from './products.ts';
import { DEFAULT_SEED, mulberry32, type Random } from './random.ts';
import { seedDemoReviews } from './reviews.ts';

export { DEMO_SHOPPER, type DemoOrderSettings } from './demo.ts';
export { DEFAULT_SEED, mulberry32 } from './random.ts';

export interface SeedOptions {
  products: number;
  /** Where the pictures go: the store's folder or bucket. */
  media: ObjectStorage;
  /** Seeded PRNG for repeatable data; mulberry32(DEFAULT_SEED) when absent. */
  random?: () => number;
  log?: (msg: string) => void;
  /** "Now" for createdAt spreads and order dates; Date.now() when absent. */
  now?: number;
  /**
   * The shop's order settings the demo orders follow: number prefix, advance and invoice series
   * (SHOP_ORDER_PREFIX, COD_ADVANCE, SHOP_GSTIN…); DEMO_ORDER_SETTINGS when absent.
   */
  orderSettings?: DemoOrderSettings;
  /**
   * The demo shopper (whose password is published), their orders and the demo
   * leads; true when absent. A deployment never gets them (main.ts).
   */
  people?: boolean;
}

export interface SeedResult {
  products: number;
  images: number;
  ms: number;
}

/** Independent streams, so adding products never changes the pictures or the demo orders' shape. */
function streams(random: Random) {
  const next = () => mulberry32(Math.floor(random() * 4_294_967_296));
  return { images: next(), products: next(), home: next(), demo: next(), reviews: next() };
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now();
  const rng = streams(options.random ?? mulberry32(DEFAULT_SEED));

  log('Drawing watch pictures...');
  const pool = await buildImagePool(options.media, rng.images);
  log(`  ${pool.count} pictures in the pool`);

  log(`Adding ${options.products.toLocaleString('en-IN')} products...`);
  const products = await insertProducts(db, productFactory(rng.products, pool, now), options.products, log);
  log('Home page content, demo shopper and leads...');
  const homeImages = await seedHomeContent(db, options.media, rng.home, pool, now);
  // After the home content: the rebuild moves the catalogue version, which also
  // refreshes every process's cached home answer (catalog/response-cache.ts).
  if (products > 0) {
    log('Indexing products for search...');
    const indexed = await rebuildSearchIndex(db, log);
    log(`  ${indexed.words.toLocaleString('en-IN')} words in ${(indexed.ms / 1000).toFixed(1)} s`);
  }
  if (options.people !== false) {
    const picks = await demoProducts(db);
    const orders = await seedShopper(db, rng.demo, picks, now, options.orderSettings ?? DEMO_ORDER_SETTINGS);
    const hasLeads = await db.selectFrom('leads').select('id').limit(1).executeTakeFirst();
    const leads = hasLeads ? 0 : await seedLeads(db, rng.demo, picks, now);
    // Their stars are recounted by the reviews' own code, which moves the catalogue version on.
    const reviews = orders ? await seedDemoReviews(db, options.media, rng.reviews, pool, now) : 0;
    if (orders || leads) log(`  ${orders} demo orders, ${reviews} published reviews, ${leads} leads`);
  }

  return { products, images: pool.count + homeImages, ms: Math.round(performance.now() - started) };
}

/** True when there are no products at all (deleted ones count): the app seeds a fresh store. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return !row;
}
