import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES, ORIGINAL_BRANDS, STATUSES, TAGS } from '../../common/catalog.ts';
import { HOME_REVIEWS } from '../../common/constants.ts';
import { AWB_PATTERN } from '../../common/couriers.ts';
import { ORDER_STATES, stateRule } from '../../common/orders.ts';
import { parseHomeContent } from '../../common/schemas/home.ts';
import { productInputSchema } from '../../common/schemas/product.ts';
import { SHIPMENT_STEP_RULES, type ShipmentStepName } from '../../common/shipments.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { toProduct } from '../catalog/product-row.ts';
import { ID_PATTERN } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import { DiskStorage } from '../media/storage/disk-storage.ts';
import { imageFile } from '../media/store.ts';
import { homePhotoReviews } from '../reviews/queries.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import type { ImagePool } from './images.ts';
import { DEFAULT_SEED, DEMO_SHOPPER, isDatabaseEmpty, mulberry32, seedDemo } from './index.ts';
import { productFactory } from './products.ts';

const PRODUCTS = 200;
const NOW = Date.parse('2025-06-01T10:00:00Z');
// One uploads folder for every dialect: the second seed finds its pictures already stored.
const uploadsDir = join(mkdtempSync(join(tmpdir(), 'watch-seed-')), 'uploads');
afterAll(() => rmSync(join(uploadsDir, '..'), { recursive: true, force: true }));

describe('product factory', () => {
  const face = (id: string, chronograph: boolean) => ({
    id,
    brand: 'Rolex',
    chronograph,
    color: 'Blue',
    metal: 'Steel',
    strap: 'bracelet' as const,
    diver: false,
  });
  const pool: ImagePool = {
    byBrand: new Map(BRANDS.map((b) => [b, [face('a'.repeat(32), false), face('b'.repeat(32), true)]])),
    extras: ['c'.repeat(32)],
    count: 3,
    styles: new Map(),
  };
  it('gives the same products for the same seed', () => {
    const make = () => Array.from({ length: 50 }, (_, i) => productFactory(mulberry32(7), pool, NOW)(i));
    const strip = (rows: ReturnType<typeof make>) => rows.map(({ id, ...rest }) => ({ ...rest, id: id.slice(0, 10) }));
    expect(strip(make())).toEqual(strip(make()));
  });
  it('makes rows the admin form would accept', () => {
    const make = productFactory(mulberry32(DEFAULT_SEED), pool, NOW);
    for (let i = 0; i < 500; i++) {
      const parcel = { weight_grams: null, length_cm: null, breadth_cm: null, height_cm: null };
      const outside = { outside_rating: null, outside_rating_count: null, outside_rating_source: null };
      const product = toProduct({ ...make(i), stock_count: null, deleted_at: null, ...parcel, ...outside });
      expect(product.id).toMatch(ID_PATTERN);
      const parsed = productInputSchema.safeParse(product);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });
});

describe.each(TEST_DIALECTS)('demo seed on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const result = await seedDemo(database.db, {
      products: PRODUCTS,
      media: new DiskStorage(uploadsDir),
      random: mulberry32(1),
      now: NOW,
    });
    expect(result.products).toBe(PRODUCTS);
    expect(result.images).toBeGreaterThanOrEqual(50);
  }, 180_000); // drawing ~70 pictures takes seconds, more on a busy machine
  afterAll(async () => {
    await database?.cleanup();
  });

  it('covers every category and all 28 brands, with sane prices and stock', async () => {
    const rows = await database.db.selectFrom('products').selectAll().execute();
    const reviewed = new Set(
      (await database.db.selectFrom('reviews').select('product_id').execute()).map((r) => r.product_id),
    );
    expect(rows).toHaveLength(PRODUCTS);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const products = rows.map(toProduct);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(products.map((p) => p.brand))).toEqual(new Set(BRANDS));
    const menBrands = new Set(products.filter((p) => p.category === 'men watch').map((p) => p.brand));
    expect(menBrands).toEqual(new Set(BRANDS));
    for (const p of products) {
      expect(p.discountPrice).toBeLessThanOrEqual(p.price);
      expect(p.price).toBeGreaterThanOrEqual(4999);
      expect(p.price).toBeLessThanOrEqual(89_999);
      // No stars without reviews (issue 38): none is typed, and no rating from elsewhere is made up;
      // the reviewed watches' stars are their published reviews' (checked below).
      if (!reviewed.has(p.id)) {
        expect(p.stars).toBe(0);
        expect(p.reviewsCount).toBe(0);
      }
      expect(p.outsideRating).toBeNull();
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(p.features.slice(0, 4).map((f) => f.name)).toEqual(['Brand', 'Machine', 'Color', 'Chronograph']);
      expect(['', ...STATUSES]).toContain(p.status);
      for (const tag of p.tags) expect(TAGS).toContain(tag);
      if (p.category === 'original watch') expect(ORIGINAL_BRANDS).toContain(p.brand);
      if (p.videoUrl) expect(p.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      expect(Date.parse(p.createdAt)).toBeLessThanOrEqual(NOW);
      expect(Date.parse(p.createdAt)).toBeGreaterThan(NOW - 181 * 86_400_000);
    }
    expect(products.some((p) => !p.inStock)).toBe(true);
    expect(products.some((p) => p.discountPrice < p.price)).toBe(true);
    expect(products.some((p) => p.colorImages.length > 0)).toBe(true);
    expect(products.some((p) => p.videoUrl)).toBe(true);
  });

  it('stores every picture on disk, the 480 variant under 30 KB', async () => {
    const rows = await database.db.selectFrom('products').select(['images', 'color_images']).execute();
    const ids = new Set<string>();
    for (const r of rows) {
      for (const id of parseJsonList<string>(r.images)) ids.add(id);
      for (const c of parseJsonList<{ image: string }>(r.color_images)) ids.add(c.image);
    }
    const home = await database.db
      .selectFrom('site_content')
      .select('value')
      .where('key', '=', 'home')
      .executeTakeFirst();
    const content = parseHomeContent(home?.value);
    expect(content?.banners.length).toBeGreaterThanOrEqual(2);
    // The sale banner's "up to N% off" is written over it from the catalogue (schemas/home.ts), not stored.
    expect(content?.banners[0]?.headline).toBe('SALE');
    expect(content?.banners[0]?.offer).toBe(true);
    // No customer pictures the shop drew: they are buyers' photo reviews (issue 38).
    expect(JSON.parse(home?.value ?? '{}')).not.toHaveProperty('reviews');
    expect(content?.reels.length).toBeGreaterThanOrEqual(2);
    for (const b of content?.banners ?? []) ids.add(b.image);
    for (const r of content?.reels ?? []) ids.add(r.poster);
    for (const r of await database.db.selectFrom('reviews').select('photos').execute()) {
      for (const id of parseJsonList<string>(r.photos)) ids.add(id);
    }
    expect(ids.size).toBeGreaterThanOrEqual(40);
    expect(ids.size).toBeLessThan(100);
    for (const id of ids) {
      const file = imageFile(uploadsDir, id, 480);
      expect(file).toBe(join(uploadsDir, id.slice(0, 2), id, '480.webp'));
      expect(statSync(file).size).toBeLessThan(30 * 1024);
    }
  });

  it('adds the demo shopper with a cart and orders in every state', async () => {
    const { db } = database;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', DEMO_SHOPPER.phone)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Demo Shopper');
    expect(user.email).toBe('demo@example.com');
    for (const a of parseJsonList<string>(user.addresses)) expect(a).toMatch(/^.+, .+, near .+, .+ - [1-9]\d{5}, .+$/);
    expect(await verifyPassword(user.password_hash, 'demo-shopper-pass')).toBe(true);
    const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATES));
    for (const order of orders) {
      const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute();
      expect(lines.length).toBeGreaterThan(0);
      expect(Number(order.total_mrp)).toBe(lines.reduce((s, l) => s + Number(l.price) * Number(l.quantity), 0));
      expect(Number(order.total)).toBe(lines.reduce((s, l) => s + Number(l.discount_price) * Number(l.quantity), 0));
      for (const l of lines) expect(l.image).toMatch(/^[a-f0-9]{32}$/);
      const events = await db
        .selectFrom('order_events')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .execute();
      expect(events[0]?.status).toBe('ordered');
      expect(events.at(-1)?.status).toBe(order.status);
      expect(events.every((e) => e.admin_id === null)).toBe(true);
      // An order whose parcel left has its invoice, dated when it left, as a real dispatch gives it.
      const left = events.find((e) => stateRule(e.status).parcelLeft);
      expect(order.invoice_number !== null).toBe(left !== undefined);
      if (left) expect(order.invoice_date).toBe(left.created_at);
      // ...and its courier and tracking number, with a step that agrees with the order's state: no
      // "Dispatched" beside "not handed to a courier yet" on /track (issue 34 item 21).
      const shipment = await db.selectFrom('shipments').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      expect(shipment !== undefined, order.status).toBe(left !== undefined);
      if (shipment) {
        expect(shipment.awb).toMatch(AWB_PATTERN);
        const step = SHIPMENT_STEP_RULES[shipment.step as ShipmentStepName];
        if (order.status === 'dispatched') expect(step.onTheWay).toBe(true);
        else expect(shipment.step).toBe(order.status === 'delivered' ? 'delivered' : 'rto_delivered');
        expect(shipment.received_back_at).toBe(order.status === 'returned' ? order.updated_at : null);
      }
    }
    // Numbers follow time, as a real shop's do: orders by when they were placed, invoices by their
    // dates (CGST rule 46(b): one consecutive series), so GSTR-1's Table 13 has no gap in the demo.
    const byPlaced = [...orders].sort((x, y) => x.created_at.localeCompare(y.created_at)).map((o) => o.number);
    expect(byPlaced).toEqual([...byPlaced].sort());
    const invoiced = orders.filter((o) => o.invoice_date !== null);
    const byDate = [...invoiced].sort((x, y) => String(x.invoice_date).localeCompare(String(y.invoice_date)));
    expect(byDate.map((o) => o.invoice_number)).toEqual(invoiced.map((o) => o.invoice_number).sort());
    const cart = await db.selectFrom('cart_items').selectAll().where('user_id', '=', user.id).execute();
    expect(cart.length).toBe(2);
  });

  it('publishes a photo review of each watch the demo shopper received, and counts its stars', async () => {
    const { db } = database;
    const delivered = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', 'order_lines.line_no', 'order_lines.product_id'])
      .where('orders.user_phone', '=', DEMO_SHOPPER.phone)
      .where('orders.status', '=', 'delivered')
      .execute();
    const reviews = await db.selectFrom('reviews').selectAll().execute();
    expect(reviews.map((r) => `${r.order_id}:${r.line_no}:${r.product_id}`).sort()).toEqual(
      delivered.map((l) => `${l.id}:${l.line_no}:${l.product_id}`).sort(),
    );
    // Every rating published: not only fives.
    expect(new Set(reviews.map((r) => Number(r.stars))).size).toBeGreaterThan(1);
    for (const r of reviews) {
      expect(r.status).toBe('published');
      expect(r.display_name).toBe('Demo S.');
      expect(Date.parse(r.created_at)).toBeLessThan(NOW);
      const photos = parseJsonList<string>(r.photos);
      expect(photos).toHaveLength(1);
      // Stored like an upload, in every width the home card's srcset asks for, drawn large enough.
      for (const width of [240, 480, 960])
        expect(statSync(imageFile(uploadsDir, photos[0]!, width)).size).toBeGreaterThan(0);
    }
    const photoRows = await db.selectFrom('review_photos').selectAll().execute();
    expect(photoRows.map((p) => p.image_id).sort()).toEqual(
      reviews.flatMap((r) => parseJsonList<string>(r.photos)).sort(),
    );
    // Each order was asked, as a delivery asks; a review came, so no reminder will go.
    const requests = await db.selectFrom('review_requests').selectAll().execute();
    expect(requests.map((q) => q.order_id).sort()).toEqual([...new Set(delivered.map((l) => l.id))].sort());
    // The product's stars are its published reviews' average and count (reviews/moderation.ts).
    for (const productId of new Set(reviews.map((r) => r.product_id))) {
      const mine = reviews.filter((r) => r.product_id === productId);
      const product = await db
        .selectFrom('products')
        .select(['stars', 'reviews_count'])
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      expect(Number(product.reviews_count)).toBe(mine.length);
      expect(Number(product.stars)).toBeCloseTo(mine.reduce((s, r) => s + Number(r.stars), 0) / mine.length, 2);
    }
    // Enough watches for the home page's row of customer pictures, one a watch.
    const home = (await homePhotoReviews(db, HOME_REVIEWS)).map((r) => r.product.id);
    expect(home.length).toBeGreaterThanOrEqual(4);
    expect(new Set(home).size).toBe(home.length);
  });

  it('adds Amazon and WhatsApp leads for seeded products', async () => {
    const leads = await database.db.selectFrom('leads').selectAll().execute();
    expect(leads.length).toBeGreaterThanOrEqual(10);
    expect(new Set(leads.map((l) => l.platform))).toEqual(new Set(['amazon', 'whatsapp']));
    const ids = new Set((await database.db.selectFrom('products').select('id').execute()).map((p) => p.id));
    for (const l of leads) expect(ids.has(l.product_id ?? '')).toBe(true);
  });
});
