/**
 * Search on the real demo catalogue (the 120 watches `npm start` seeds), so the
 * figures in docs/decisions/005-search.md are checked, not remembered: a brand
 * finds that brand, a word every watch shares ranks newest first, a query of only
 * "watch" lists every watch, and typos still find their brand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../media/storage/disk-storage.ts';
import { DEFAULT_SEED, mulberry32, seedDemo } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';

const DEMO_PRODUCTS = 120; // SEED_PRODUCTS' default: what `npm start` seeds
const NOW = Date.parse('2025-06-01T10:00:00Z');
// One uploads folder for every dialect: the second seed finds its pictures already drawn.
const uploadsDir = join(mkdtempSync(join(tmpdir(), 'watch-search-')), 'uploads');
afterAll(() => rmSync(join(uploadsDir, '..'), { recursive: true, force: true }));

interface Card {
  id: string;
  name: string;
  brand: string;
}
interface Page {
  items: Card[];
  total: number;
  pageCount: number;
}

describe.each(TEST_DIALECTS)('search on the demo catalogue on %s', (dialect) => {
  let t: TestApp;
  /** Demo products per brand, read from the database. */
  const perBrand = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await seedDemo(t.app.db, {
      products: DEMO_PRODUCTS,
      media: new DiskStorage(uploadsDir),
      random: mulberry32(DEFAULT_SEED),
      now: NOW,
    });
    for (const { brand } of await t.app.db.selectFrom('products').select('brand').execute())
      perBrand.set(brand, (perBrand.get(brand) ?? 0) + 1);
  }, 180_000); // drawing the ~64 pictures takes seconds, more on a busy machine
  afterAll(async () => t?.close());

  const get = async (url: string): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const search = (q: string, page = 1) => get(`/api/products/search?q=${encodeURIComponent(q)}&page=${page}`);
  /** Every page of a search, in order. */
  const searchAll = async (q: string) => {
    const first = await search(q);
    const items = [...first.items];
    for (let page = 2; page <= first.pageCount; page++) items.push(...(await search(q, page)).items);
    return { total: first.total, items, brands: new Set(items.map((p) => p.brand)) };
  };

  it('seeds the demo brands the figures below rely on', () => {
    expect([...perBrand.values()].reduce((a, b) => a + b, 0)).toBe(DEMO_PRODUCTS);
    expect(
      Object.fromEntries(['Patek Philippe', 'Casio', 'Rolex', 'Omega', 'Tag Heuer'].map((b) => [b, perBrand.get(b)])),
    ).toEqual({
      'Patek Philippe': 6,
      Casio: 6,
      Rolex: 5,
      Omega: 6,
      'Tag Heuer': 3,
    });
  });

  it('finds exactly the brand a shopper types (before: patek 67, casio watch 89, tag heuer 5)', async () => {
    for (const [q, brand] of [
      ['patek', 'Patek Philippe'],
      ['Patek Philippe', 'Patek Philippe'],
      ['casio watch', 'Casio'],
      ['tag heuer', 'Tag Heuer'],
      ['TAG-Heuer watches', 'Tag Heuer'],
      ['rolex', 'Rolex'],
    ] as const) {
      const found = await searchAll(q);
      expect({ q, total: found.total, brands: [...found.brands] }).toEqual({
        q,
        total: perBrand.get(brand),
        brands: [brand],
      });
    }
  });

  it('still finds a brand through a typo: rolx 5 Rolexes, omge the 6 Omegas first', async () => {
    const rolx = await searchAll('rolx');
    expect(rolx.total).toBe(5);
    expect([...rolx.brands]).toEqual(['Rolex']);
    const omge = await searchAll('omge');
    // "edge" (Titan Edge) is as close to "omge" as the keep ratio allows: after the Omegas.
    expect(omge.total).toBe(7);
    expect(omge.items.slice(0, 6).every((p) => p.brand === 'Omega')).toBe(true);
    expect(omge.items[6]?.name).toMatch(/^Titan Edge/);
  });

  it('matches every watch for "dial", newest first like the latest listing', async () => {
    const dial = await searchAll('dial');
    expect(dial.total).toBe(DEMO_PRODUCTS);
    expect(dial.items.every((p) => /\bDial\b/.test(p.name))).toBe(true);
    const latest = await get('/api/products?sort=latest');
    expect(dial.items.slice(0, 40).map((p) => p.id)).toEqual(latest.items.map((p) => p.id));
  });

  it('lists every watch, newest first, for a query of only dropped words (before: none)', async () => {
    const latest = await get('/api/products?sort=latest&page=2');
    for (const q of ['watch', ' Watches ', 'clock clocks', '']) {
      const page = await search(q, 2);
      expect({ q, total: page.total, pageCount: page.pageCount }).toEqual({ q, total: DEMO_PRODUCTS, pageCount: 3 });
      expect(page.items.map((p) => p.id)).toEqual(latest.items.map((p) => p.id));
    }
  });

  it('ranks the word itself before longer words starting with it', async () => {
    // "titan" is the brand Titan (3 watches) and starts "titanium" (cases and straps): Titans first.
    const titan = await searchAll('titan');
    expect(titan.total).toBe(14);
    expect(titan.items.slice(0, 3).map((p) => p.brand)).toEqual(['Titan', 'Titan', 'Titan']);
    expect(titan.items.slice(3).some((p) => p.brand === 'Titan')).toBe(false);
  });
});
