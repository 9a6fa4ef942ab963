/**
 * The kept pages' key holds only what a page reads (issue 26 item 4): made-up query
 * parameters share the bare URL's page instead of making and keeping one each, and
 * "not found" pages are never kept, so a flood of either leaves the real pages kept.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { productPath } from '../../common/catalog.ts';
import { currentCatalogVersion } from '../catalog/catalog-version.ts';
import { CachedBody } from '../http/cached-body.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { addProduct } from '../test-support/products.ts';
import { PAGE_QUERY_PARAMS, SENT_PAGES, type SentPage, SentPages, sentPageKey } from './sent-pages.ts';

const ORIGIN = 'https://shop.example.in';

describe('the key a page is kept under', () => {
  const key = (url: string) => sentPageKey(ORIGIN + url);

  it('drops parameters no page reads', () => {
    expect(key('/product/men-watch?utm_source=x&fbclid=1')).toBe(`${ORIGIN}/product/men-watch`);
    expect(key('/?utm=1')).toBe(`${ORIGIN}/`);
    expect(key('/privacy-policy?ref=a')).toBe(`${ORIGIN}/privacy-policy`);
    expect(key('/product/men-watch')).toBe(`${ORIGIN}/product/men-watch`);
    expect(sentPageKey('http://localhost:3000/product?utm=1')).toBe('http://localhost:3000/product');
  });

  it('keeps what the screen reads, first value first, in one order', () => {
    expect(key('/product/men-watch?utm=1&page=2&page=3')).toBe(`${ORIGIN}/product/men-watch?page=2`);
    expect(key('/explore?page=2&utm=x&q=rolex+sub')).toBe(`${ORIGIN}/explore?q=rolex+sub&page=2`);
    expect(key('/explore?q=rolex%20sub&page=2')).toBe(`${ORIGIN}/explore?q=rolex+sub&page=2`);
    expect(key('/explore?q=')).toBe(`${ORIGIN}/explore?q=`);
    // The listing's sort and the brand form's ?brand= (docs/decisions/032-controls-in-the-address.md).
    expect(key('/product/men-watch?brand=Rolex&utm=1&sort=price-asc&page=2')).toBe(
      `${ORIGIN}/product/men-watch?page=2&sort=price-asc&brand=Rolex`,
    );
    // A page parameter means nothing on a product or the home page.
    expect(key('/?page=2')).toBe(`${ORIGIN}/`);
  });

  it('keeps no page for a query the two sides would read apart', () => {
    expect(key('/explore?x=1?q=a&q=b')).toBeNull();
  });
});

const page = (version: number, status = 200): SentPage => ({ version, status, page: new CachedBody('<p>page</p>') });

describe('SentPages', () => {
  it('answers every URL of a key from one page, and counts hits and misses', () => {
    const pages = new SentPages();
    expect(pages.get(`${ORIGIN}/product?utm=1`, 1)).toBeUndefined();
    const sent = page(1);
    pages.set(`${ORIGIN}/product?utm=1`, sent);
    expect(pages.get(`${ORIGIN}/product`, 1)).toBe(sent);
    expect(pages.get(`${ORIGIN}/product?gclid=2`, 1)).toBe(sent);
    expect(pages.get(`${ORIGIN}/product`, 2)).toBeUndefined();
    expect({ hits: pages.hits, misses: pages.misses, size: pages.size }).toEqual({ hits: 2, misses: 2, size: 1 });
  });

  it('keeps no page that is not a 200', () => {
    const pages = new SentPages();
    pages.set(`${ORIGIN}/no-such-page`, page(1, 404));
    pages.set(`${ORIGIN}/product/no-such-category`, page(1, 404));
    expect(pages.size).toBe(0);
  });

  it('keeps the real pages through a flood of made-up parameters and paths', () => {
    const pages = new SentPages();
    const real = Array.from({ length: SENT_PAGES }, (_, i) => `${ORIGIN}/product/men-watch?page=${i + 1}`);
    for (const url of real) pages.set(url, page(1));
    for (let i = 0; i < 2_000; i++) {
      const url = `${real[i % real.length]}&utm=${i}`;
      if (!pages.get(url, 1)) pages.set(url, page(1));
      const unknown = `${ORIGIN}/no-such-page-${i}`;
      if (!pages.get(unknown, 1)) pages.set(unknown, page(1, 404));
    }
    expect(pages.size).toBe(SENT_PAGES);
    expect(real.every((url) => pages.has(url, 1))).toBe(true);
    expect({ hits: pages.hits, misses: pages.misses }).toEqual({ hits: 2_000, misses: 2_000 });
  });
});

describe('the pages route under a flood', () => {
  let t: TestApp;
  let dist: string;
  let getSpy: MockInstance<SentPages['get']>;
  let productUrl = '';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: ORIGIN } });
    // The route's own SentPages is the one its requests call.
    getSpy = vi.spyOn(SentPages.prototype, 'get');
    const { id } = await addProduct(t.app.db, { name: 'Seiko Presage', brand: 'Seiko' });
    productUrl = productPath({ id, name: 'Seiko Presage' });
  });
  afterAll(async () => {
    getSpy.mockRestore();
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('answers made-up parameters from the real pages, keeps no "not found" page, and the real pages stay', async () => {
    const real = ['/', '/product', '/product/men-watch', '/product/men-watch?page=2', '/explore?q=seiko', productUrl];
    const first = new Map<string, Buffer>();
    for (const url of real) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      first.set(url, res.rawPayload);
    }
    const pages = getSpy.mock.contexts.at(-1) as SentPages;
    const version = await currentCatalogVersion(t.app.db);
    expect(real.every((url) => pages.has(ORIGIN + url, version))).toBe(true);
    const before = { hits: pages.hits, misses: pages.misses, size: pages.size };
    expect(before.size).toBe(real.length);

    for (let i = 0; i < 2_000; i++) {
      const url = real[i % real.length] as string;
      const res = await get(`${url}${url.includes('?') ? '&' : '?'}utm_source=${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBe('hit');
      // The very bytes the bare URL was sent: one page, made once.
      if (i < real.length) expect(res.rawPayload.equals(first.get(url) as Buffer), url).toBe(true);
    }
    for (let i = 0; i < 200; i++) {
      const missing = await get(`/no-such-page-${i}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-page-cache']).toBe('miss');
    }
    expect((await get('/product/no-such-category')).statusCode).toBe(404);

    expect(pages.hits - before.hits).toBe(2_000);
    expect(pages.misses - before.misses).toBe(201);
    expect(pages.size).toBe(real.length);
    expect(real.every((url) => pages.has(ORIGIN + url, version))).toBe(true);
  });
});

/** Files (relative to `dir`) whose source matches `pattern`, tests left out. */
function filesReading(dir: string, pattern: RegExp, skip: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !skip.test(file))
    .filter((file) => pattern.test(readFileSync(join(dir, file), 'utf8')))
    .sort();
}

describe('what pages read from the query', () => {
  const SRC = join(import.meta.dirname, '..', '..');
  const keyed = new Set(Object.values(PAGE_QUERY_PARAMS).flat());
  const namesRead = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\.get\('([^']+)'\)/g)].map((m) => m[1]);

  it('is in the key: the server’s page heads', () => {
    const dir = join(SRC, 'server', 'pages');
    const readers = filesReading(dir, /\bquery\.get\(/, /^$/);
    expect(readers).toEqual(['catalog-heads.ts', 'track-head.ts']);
    for (const file of readers) {
      const names = [...readFileSync(join(dir, file), 'utf8').matchAll(/\bquery\.get\('([^']+)'\)/g)].map((m) => m[1]);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(keyed, `${file} reads ?${name}: add it to PAGE_QUERY_PARAMS`).toContain(name);
    }
  });

  it('is in the key: the screens the server renders', () => {
    // The admin area is rendered in the browser only; the router's own files carry the location.
    const dir = join(SRC, 'web');
    const readers = filesReading(
      dir,
      /\{[^}]*\bsearch\b[^}]*\}\s*=\s*useLocation\(\)|useLocation\(\)\.search|location\.search/,
      /^(admin|lib\/router)\//,
    );
    expect(readers, 'a screen reading the query: add what it reads to PAGE_QUERY_PARAMS, then here').toEqual([
      // The title after a navigation: the search's ?q (common/page-titles.ts fixedTitle), in the key.
      'app/page-title.ts',
      'features/catalog/listing-page-number.ts',
      'features/catalog/listing-sort.ts',
      // The reviews' order and page on a product page (docs/product.md#reviews).
      'features/reviews/product-reviews.tsx',
      // The review link's "saved" note: one person's page, never kept.
      'routes/review.tsx',
      'routes/search.tsx',
      'routes/track.tsx',
    ]);
    for (const file of readers) {
      for (const name of namesRead(join(dir, file))) {
        expect(keyed, `${relative(SRC, join(dir, file))} reads ?${name}: add it to PAGE_QUERY_PARAMS`).toContain(name);
      }
    }
  });
});
