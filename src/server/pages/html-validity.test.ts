/**
 * The server's HTML as the Nu HTML Checker (vnu.jar, the W3C validator's engine, from the
 * vnu-jar devDependency) reads it: the real web app built into a temporary folder and
 * rendered by the real server renderer (docs/decisions/022-server-rendering.md), pages of
 * a small catalogue written to files, and one run of the checker over all of them
 * (test-support/vnu.ts). Errors fail the test; warnings are printed. The DOM after the
 * script has run is checked by tests/e2e/html-validity-hydrated.spec.ts.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPath, productPath } from '../../common/catalog.ts';
import { HOME_CONTENT_KEY } from '../../common/schemas/home.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { addProduct } from '../test-support/products.ts';
import { insertPublishedReviews } from '../test-support/reviews.ts';
import { checkHtml, requireJava, vnuErrors } from '../test-support/vnu.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const image = (c: string) => c.repeat(32);

let t: TestApp;
/** Under the repository, so the server build finds react in node_modules. */
let build: string;
const pages: Record<string, string> = {};

/** `vite build` and `vite build --ssr` into `dir`/web and `dir`/ssr, as `npm run build` makes dist/. */
async function buildWeb(dir: string): Promise<void> {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  for (const [out, extra] of [
    ['web', []],
    ['ssr', ['--ssr']],
  ] as const) {
    await run(process.execPath, [vite, 'build', ...extra, '--outDir', join(dir, out), '--logLevel', 'error'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  }
}

beforeAll(async () => {
  // Before the build: without Java there is nothing to check the pages with.
  requireJava();
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  build = mkdtempSync(join(ROOT, 'node_modules/.cache/html-validity-'));
  await buildWeb(build);
  t = await createTestApp({ webDistDir: join(build, 'web'), env: { PUBLIC_URL: 'https://shop.example.in' } });

  const seiko = await addProduct(t.app.db, {
    name: 'Seiko Presage "Cocktail Time"',
    brand: 'Seiko',
    price: 42_000,
    discountPrice: 36_500,
    description: 'Automatic, sapphire crystal & a dial like a cocktail.',
    images: [image('1'), image('2'), image('3')],
    features: [
      { name: 'Movement', description: 'Automatic' },
      { name: 'Case', description: '40.5 mm steel' },
    ],
    spinningText: 'Only 3 left',
    countryOfOrigin: 'Japan',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    outsideRatingSource: 'Amazon',
    outsideRating: 4.5,
    outsideRatingCount: 12,
  });
  for (const [i, brand] of ['Seiko', 'Rolex', 'Omega', 'Casio', 'Seiko'].entries()) {
    await addProduct(t.app.db, {
      name: `${brand} watch ${i + 1}`,
      brand,
      price: 10_000 + i * 1_000,
      discountPrice: 9_000 + i * 1_000,
      images: [image(String.fromCharCode(97 + i))],
    });
  }
  await addProduct(t.app.db, { name: 'Seiko without a picture', brand: 'Seiko', price: 5_000, discountPrice: 5_000 });
  const banner = (c: string, headline: string) => ({
    image: image(c),
    width: 1600,
    height: 600,
    headline,
    subline: 'Cash on delivery',
    cta: 'Shop now',
  });
  await t.app.db
    .insertInto('site_content')
    .values({
      key: HOME_CONTENT_KEY,
      value: JSON.stringify({
        banners: [
          { ...banner('7', 'Sale: up to 50% off'), link: { kind: 'path', path: '/product' } },
          { ...banner('8', 'Ask us anything'), link: { kind: 'chat', message: 'Hello!' } },
        ],
        reels: [
          { platform: 'instagram', url: 'https://www.instagram.com/reel/abc/', title: 'Unboxing', poster: image('9') },
          { platform: 'youtube', url: 'https://www.youtube.com/shorts/xyz', title: 'Close-up', poster: image('0') },
        ],
      }),
      updated_at: new Date().toISOString(),
    })
    .execute();
  // The home page's customer pictures: a buyer's published photo review, with markup typed in its title.
  await insertPublishedReviews(t.app.db, seiko.id, 1, () => ({
    stars: 4,
    title: 'Arrived in two days <b>really</b> </script>',
    body: 'Well packed.',
    displayName: 'Asha P.',
    photos: [image('f')],
  }));

  const urls = {
    home: '/',
    listing: listingPath('men watch'),
    product: productPath({ id: seiko.id, name: 'Seiko Presage "Cocktail Time"' }),
    search: '/explore?q=seiko',
    explore: '/explore',
    cart: '/cart',
    policy: '/privacy-policy',
    contact: '/contact',
    login: '/login',
    signup: '/signup',
  };
  for (const [name, url] of Object.entries(urls)) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    // Rendered on the server, not the empty shell a missing or failing renderer leaves.
    expect(res.body, url).not.toContain('<div id="root"></div>');
    pages[name] = res.body;
  }
  // A refused form post answers its page with the refusal and what was typed (decision 055).
  const refused = await t.app.inject({
    method: 'POST',
    url: '/signup',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://shop.example.in',
      host: 'shop.example.in',
    },
    payload: new URLSearchParams({
      name: '</p><b>"Asha" & Co',
      number: '12345',
      email: 'asha@example.in',
      address: '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra',
      password: 'long-enough-1',
    }).toString(),
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).not.toContain('<div id="root"></div>');
  expect(refused.body).toContain('value="&lt;/p&gt;&lt;b&gt;&quot;Asha&quot; &amp; Co"');
  pages.signupRefused = refused.body;
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (build) rmSync(build, { recursive: true, force: true });
});

describe('the server’s HTML', () => {
  it('gives every picture its address, lazy ones included, so it shows without JavaScript', () => {
    for (const [page, html] of Object.entries(pages)) {
      const imgs = html.match(/<img\b[^>]*>/g) ?? [];
      for (const img of imgs) {
        expect(img, page).toMatch(/\ssrc="[^"]+"/);
        if (/\ssizes=/i.test(img)) expect(img, page).toMatch(/\ssrcset="[^"]+"/i);
      }
    }
    // Those that loaded only after the first paint before: the second banner, reels and reviews,
    // and the product's thumbnails.
    const src = (id: string, width: number) => `src="/media/${id}/${width}.webp"`;
    for (const picture of [src(image('8'), 960), src(image('9'), 480), src(image('0'), 480), src(image('f'), 480)])
      expect(pages.home).toContain(picture);
    for (const thumbnail of ['1', '2', '3']) expect(pages.product).toContain(src(image(thumbnail), 240));
  });

  it('shows a buyer’s photo review on the home page, its typed markup as text', () => {
    const card = pages.home?.match(/<figure class="home-review card">.*?<\/figure>/s)?.[0] ?? '';
    expect(card).toContain('Arrived in two days &lt;b&gt;really&lt;/b&gt; &lt;/script&gt;');
    expect(card).toContain('Asha P.<!-- -->, <span class="home-review-verified">Verified buyer</span>');
    expect(card).toContain('aria-label="Rated 4 out of 5"');
    expect(card).toMatch(/href="\/[0-9a-z]{20}\/Seiko%20Presage%20%22Cocktail%20Time%22"/);
  });

  it('has no errors in the Nu HTML Checker on any storefront page', { timeout: 120_000 }, async () => {
    const { errors, summary } = vnuErrors(checkHtml(pages, join(build, 'pages')));
    console.info(summary);
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
