import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_API_PATH,
  latestApiPath,
  listingApiPath,
  productApiPath,
  relatedApiPath,
  searchApiPath,
} from '../../common/catalog-api.ts';
import { EXPLORE_LATEST } from '../../common/constants.ts';
import { productReviewsApiPath } from '../../common/review-api.ts';
import { HOME_CONTENT_KEY } from '../../common/schemas/home.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { addProduct } from '../test-support/products.ts';
import { SCRIPT_LOADER } from './deferred-scripts.ts';

/*
 * What a page's HTML carries for its first paint (docs/decisions/012-first-paint.md):
 * preloads of its screen's chunks and largest picture, and the first API answer
 * embedded as a data block, byte for byte what the API sends.
 */

let t: TestApp;
let dist: string;
const IMAGE = 'b'.repeat(32);
const BANNER = 'c'.repeat(32);
// "$'", "$&" and "$`" would be String.replace patterns if the page were put together with strings.
const HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 </SCRIPT > $' $& $`";
/** A product name is plain text (common/text.ts): the line separators ride in the description. */
const HOSTILE_NAME = "</script><script>alert(1)</script><!-- </SCRIPT > $' $& $`";
const ids: Record<string, string> = {};

/** A built app as Vite leaves it: the entry's tags before </head>, and the manifest. */
function writeBuild(dir: string): void {
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r.js"><link rel="stylesheet" crossorigin href="/assets/index-e.css"></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, '.vite'));
  const screen = (file: string, imports: string[], css: string[] = []) => ({
    file,
    isDynamicEntry: true,
    imports,
    css,
  });
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_react-r.js'], css: ['assets/index-e.css'] },
      '_react-r.js': { file: 'assets/react-r.js' },
      '_grid-g.js': { file: 'assets/grid-g.js', imports: ['index.html'], css: ['assets/grid-g.css'] },
      'routes/home.tsx': screen('assets/home-h.js', ['index.html', '_grid-g.js'], ['assets/home-h.css']),
      'routes/listing.tsx': screen('assets/listing-l.js', ['index.html', '_grid-g.js']),
      'routes/product.tsx': screen('assets/product-p.js', ['index.html', '_react-r.js', '_grid-g.js']),
      'routes/search.tsx': screen('assets/search-x.js', ['index.html', '_grid-g.js']),
      'routes/policy.tsx': screen('assets/policy-y.js', ['index.html']),
      'routes/cart.tsx': screen('assets/cart-c.js', ['index.html']),
      'routes/not-found.tsx': screen('assets/not-found-n.js', ['index.html']),
    }),
  );
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeBuild(dist);
  t = await createTestApp({ webDistDir: dist });
  ids.watch = (await addProduct(t.app.db, { name: 'Seiko Presage', images: [IMAGE] })).id;
  ids.hostile = (await addProduct(t.app.db, { name: HOSTILE_NAME, description: HOSTILE, images: [IMAGE] })).id;
  const banner = { image: BANNER, width: 1600, height: 600, headline: 'Sale', subline: 'Up to 50% off', cta: 'Shop' };
  await t.app.db
    .insertInto('site_content')
    .values({
      key: HOME_CONTENT_KEY,
      value: JSON.stringify({
        banners: [{ ...banner, link: { kind: 'path', path: '/product' } }],
        reels: [],
      }),
      updated_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The embedded answers block's text, as the browser's textContent gives it; null when there is none. */
function embeddedBlock(html: string): string | null {
  const match = html.match(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s);
  return match ? (match[1] ?? '') : null;
}

/** The entry and the module preloads waiting in the page's template (deferred-scripts.ts). */
function deferred(html: string): { entry: string; preloads: string[] } | null {
  const template = html.match(/<template id="deferred-scripts" data-entry="([^"]+)">(.*?)<\/template>/);
  if (!template?.[1]) return null;
  return {
    entry: template[1],
    preloads: [...(template[2] ?? '').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1] ?? '',
    ),
  };
}

/** The first embedded answer: its URL and its JSON text. */
function embedded(html: string): { url: string; text: string } | null {
  const block = embeddedBlock(html);
  if (block === null) return null;
  const [url, value] = Object.entries(JSON.parse(block) as Record<string, unknown>)[0] ?? [];
  return url === undefined ? null : { url, text: JSON.stringify(value) };
}

describe('the first paint of a product page', () => {
  it('preloads the main picture with the srcset and sizes of its <img>, and the screen’s chunks', async () => {
    const { body } = await get(`/${ids.watch}/Seiko%20Presage`);
    const head = body.slice(0, body.indexOf('</head>'));
    const picture = `<link rel="preload" as="image" imagesrcset="/media/${IMAGE}/480.webp 480w, /media/${IMAGE}/960.webp 960w, /media/${IMAGE}/1600.webp 1600w" imagesizes="(min-width: 1240px) 600px, (min-width: 800px) 50vw, 100vw" fetchpriority="high">`;
    expect(head).toContain(picture);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/grid-g.css">');
    // No script and no module preload in the head: they wait in the template (decision 043).
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('<script type="module"');
    const scripts = deferred(body);
    expect(scripts?.entry).toBe('/assets/index-e.js');
    // The screen's chunks after the entry's own imports; the entry itself and other screens are not preloaded.
    expect(scripts?.preloads).toEqual(['/assets/react-r.js', '/assets/product-p.js', '/assets/grid-g.js']);
  });

  it('starts the scripts from an inline loader that the page’s CSP allows by its hash, and nothing else inline', async () => {
    const page = await get(`/${ids.watch}/Seiko%20Presage`);
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([SCRIPT_LOADER]);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    // After the page's content: the template and its loader end the body.
    expect(page.body.indexOf('id="deferred-scripts"')).toBeGreaterThan(page.body.indexOf('</div>'));
    expect(page.body).toContain(`<script>${SCRIPT_LOADER}</script></body>`);
  });

  it('embeds the product and its related watches exactly as the API answers them', async () => {
    const page = await get(`/${ids.watch}/Seiko%20Presage`);
    const product = `/api${productApiPath(ids.watch as string)}`;
    const related = `/api${relatedApiPath(ids.watch as string)}`;
    const reviews = `/api${productReviewsApiPath(ids.watch as string, 'newest')}`;
    const [productAnswer, relatedAnswer, reviewsAnswer] = [await get(product), await get(related), await get(reviews)];
    const data = embedded(page.body);
    expect(data?.url).toBe(`/api/products/${ids.watch}`);
    // The API's own answers (a `<` escaped, as in every block), read back unchanged: the related
    // watches and the published reviews are in the server's HTML, not a heading over nothing until
    // the script asks for them.
    expect(JSON.parse(embeddedBlock(page.body) ?? '')).toEqual({
      [product]: productAnswer.json(),
      [related]: relatedAnswer.json(),
      [reviews]: reviewsAnswer.json(),
    });
    expect(JSON.parse(relatedAnswer.body).items.length).toBeGreaterThan(0);
  });

  it('keeps a hostile name inside the data block, and it reads back unchanged', async () => {
    const page = await get(`/${ids.hostile}/${encodeURIComponent(HOSTILE_NAME)}`);
    const api = await get(`/api/products/${ids.hostile}`);
    expect(page.statusCode).toBe(200);
    const data = embedded(page.body);
    expect(embeddedBlock(page.body)).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(data?.text ?? '')).toEqual(api.json());
    expect(JSON.parse(data?.text ?? '').name).toBe(HOSTILE_NAME);
    expect(JSON.parse(data?.text ?? '').description).toBe(HOSTILE);
    // Only the page's own script elements: the name opened none and closed none early.
    expect(page.body.match(/<script\b[^>]*>/gi)).toEqual([
      '<script type="application/ld+json">',
      '<script id="site-config" type="application/json">',
      '<script type="application/json" id="initial-data">',
      '<script>',
    ]);
    expect(page.body.match(/<\/script>/gi)).toHaveLength(4);
    expect(page.body).not.toContain('<!--');
  });

  it('embeds nothing for an unknown product, which answers 404 with its screen', async () => {
    const page = await get('/zzzzzzzzzzzzzzzzzzzz/Gone');
    expect(page.statusCode).toBe(404);
    expect(embedded(page.body)).toBeNull();
    expect(page.body).not.toContain('rel="preload" as="image"');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/product-p.js">');
  });
});

describe('the first paint of the home and a listing', () => {
  it('home: the first banner preloaded as the hero shows it, and GET /api/home embedded', async () => {
    const page = await get('/');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-h.js">');
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/home-h.css">');
    expect(page.body).toContain(
      `<link rel="preload" as="image" imagesrcset="/media/${BANNER}/480.webp 480w, /media/${BANNER}/960.webp 960w, /media/${BANNER}/1600.webp 1600w" imagesizes="(min-width: 1240px) 1208px, 100vw" fetchpriority="high">`,
    );
    const data = embedded(page.body);
    expect(data?.url).toBe(`/api${HOME_API_PATH}`);
    // Equal as JSON: the hostile product's "<" is escaped in the page (see the product tests).
    expect(JSON.parse(data?.text ?? '')).toEqual((await get('/api/home')).json());
  });

  it('listing: the first card’s picture and the first page, at the URL the listing screen asks for', async () => {
    const page = await get('/product/men-watch');
    const path = listingApiPath({ category: 'men-watch', sort: 'latest', page: 1 });
    const data = embedded(page.body);
    expect(data?.url).toBe(`/api${path}`);
    expect(JSON.parse(data?.text ?? '')).toEqual((await get(`/api${path}`)).json());
    expect(JSON.parse(data?.text ?? '').items[0].id).toBe(ids.hostile);
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/listing-l.js">');
    expect(page.body).toContain(
      `imagesrcset="/media/${IMAGE}/240.webp 240w, /media/${IMAGE}/480.webp 480w, /media/${IMAGE}/960.webp 960w" imagesizes="(min-width: 1240px) 400px, (min-width: 800px) 33vw, 50vw"`,
    );
    // The brand's listing and a decoded slug ask for what the router's params give.
    const brand = embedded((await get('/product/men%2Dwatch/rolex')).body);
    expect(brand?.url).toBe(
      `/api${listingApiPath({ category: 'men-watch', brand: 'rolex', sort: 'latest', page: 1 })}`,
    );
  });

  it('search: its screen’s chunks, the newest watches, and with ?q= the results first', async () => {
    const explore = (await get('/explore')).body;
    expect(explore).toContain('<link rel="modulepreload" crossorigin href="/assets/search-x.js">');
    expect(explore).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-g.js">');
    expect(embedded(explore)?.url).toBe(`/api${latestApiPath(EXPLORE_LATEST)}`);
    const searched = await get('/explore?q=seiko&page=1');
    const answers = JSON.parse(embeddedBlock(searched.body) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(answers)).toEqual([`/api${searchApiPath('seiko', 1)}`, `/api${latestApiPath(EXPLORE_LATEST)}`]);
    expect(answers[`/api${searchApiPath('seiko', 1)}`]).toEqual((await get(`/api${searchApiPath('seiko', 1)}`)).json());
    // A search the API refuses (too long) is no search: the page still opens.
    const long = await get(`/explore?q=${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(embeddedBlock(long.body) ?? '{}'))).toEqual([`/api${latestApiPath(EXPLORE_LATEST)}`]);
  });

  it('a listing’s ?page=N embeds that page, as the listing screen asks for it before JavaScript runs', async () => {
    const page = await get('/product/men-watch?page=2');
    expect(embedded(page.body)?.url).toBe(`/api${listingApiPath({ category: 'men-watch', sort: 'latest', page: 2 })}`);
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:80/product/men-watch?page=2">');
    const junk = await get('/product/men-watch?page=abc');
    expect(embedded(junk.body)?.url).toBe(`/api${listingApiPath({ category: 'men-watch', sort: 'latest', page: 1 })}`);
  });

  it('the policy pages: their screen’s chunks, no data', async () => {
    const policy = (await get('/privacy-policy')).body;
    expect(policy).toContain('<link rel="modulepreload" crossorigin href="/assets/policy-y.js">');
    expect(policy).not.toContain('/assets/grid-g.js');
  });

  it('every screen of the route table gets its chunks, the cart and "not found" too, without data', async () => {
    const page = await get('/cart');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/cart-c.js">');
    expect(page.body).not.toContain('rel="preload" as="image"');
    expect(embedded(page.body)).toBeNull();
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/not-found-n.js">');
  });
});

describe('without a build manifest', () => {
  it('serves pages with their data and picture but without chunk preloads', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'watch-dist-'));
    writeFileSync(join(bare, 'index.html'), '<html><head><!--app-head--><!--app-site--></head><body></body></html>');
    const other = await createTestApp({ webDistDir: bare });
    try {
      const id = (await addProduct(other.app.db, { name: 'Bare Watch', images: [IMAGE] })).id;
      const page = await other.app.inject({ method: 'GET', url: `/${id}/Bare%20Watch` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('rel="preload" as="image"');
      expect(embedded(page.body)?.url).toBe(`/api/products/${id}`);
      expect((await other.app.inject({ method: 'GET', url: '/explore' })).body).not.toContain('modulepreload');
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
