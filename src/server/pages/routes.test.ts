import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { addProduct, deleteProduct } from '../test-support/products.ts';

let t: TestApp;
let dist: string;
const ids: Record<string, string> = {};
const IMAGE = 'a'.repeat(32);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: 'https://shop.example.in' } });
  ids.rolex = (
    await addProduct(t.app.db, {
      name: 'Rolex Submariner "Hulk" <Green>',
      brand: 'Rolex',
      price: 125_000,
      discountPrice: 123_456,
      description: 'Green dial & bezel.',
      countryOfOrigin: 'Switzerland',
      images: [IMAGE],
      outsideRatingSource: 'Amazon',
      outsideRating: 4.5,
      outsideRatingCount: 12,
    })
  ).id;
  ids.plain = (
    await addProduct(t.app.db, {
      name: 'Titan Plain',
      category: 'women watch',
      brand: '',
      price: 9_999,
      discountPrice: 9_999,
    })
  ).id;
  ids.gone = (await addProduct(t.app.db, { name: 'Gone Watch' })).id;
  await deleteProduct(t.app.db, ids.gone);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
};

describe('link previews', () => {
  it('gives a product page its title, price, image, canonical URL and Product data', async () => {
    const { status, body } = await html(`/${ids.rolex}/Rolex%20Submariner%20%22Hulk%22%20%3CGreen%3E`);
    expect(status).toBe(200);
    expect(body).toContain('<title>Rolex Submariner &#34;Hulk&#34; &#60;Green&#62; | Time Square Watches</title>');
    expect(body).toContain('₹1,23,456 (MRP ₹1,25,000). Green dial &#38; bezel.');
    expect(body).toContain(
      `<link rel="canonical" href="https://shop.example.in/${ids.rolex}/Rolex%20Submariner%20%22Hulk%22%20%3CGreen%3E">`,
    );
    expect(body).toContain(`<meta property="og:image" content="https://shop.example.in/media/${IMAGE}/960.webp">`);
    // What the picture shows, for a preview read aloud.
    expect(body).toContain('<meta property="og:image:alt" content="Rolex Submariner &#34;Hulk&#34; &#60;Green&#62;">');
    expect(body).toContain('<meta name="twitter:image:alt" content="Rolex Submariner &#34;Hulk&#34; &#60;Green&#62;">');
    expect(body).toContain('<meta property="og:type" content="product">');
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image">');
    const json = body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '';
    expect(json).not.toContain('<');
    const data = JSON.parse(json);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Rolex Submariner "Hulk" <Green>',
      brand: { '@type': 'Brand', name: 'Rolex' },
      offers: {
        price: 123_456,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        // The MRP the page strikes through.
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: 125_000,
          priceCurrency: 'INR',
        },
        // docs/product.md#policy-pages: exchange only, within 24 hours, courier paid by the shopper.
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'IN',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 1,
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
          refundType: 'https://schema.org/ExchangeRefund',
          merchantReturnLink: 'https://shop.example.in/return-and-refund-policy',
        },
        // Free delivery across India in 3 to 9 days.
        shippingDetails: {
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'INR' },
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
          deliveryTime: {
            handlingTime: { minValue: 0, maxValue: 1, unitCode: 'DAY' },
            transitTime: { minValue: 2, maxValue: 8, unitCode: 'DAY' },
          },
        },
      },
      countryOfOrigin: { '@type': 'Country', name: 'Switzerland' },
    });
    // A rating from elsewhere (Amazon 4.5 from 12), with no review of ours behind it: no rating is published.
    expect(data).not.toHaveProperty('aggregateRating');
    expect(json).not.toContain('Rating');
  });

  it('gives a watch sold at its MRP no strikethrough price', async () => {
    const { body } = await html(`/${ids.plain}/Titan%20Plain`);
    const data = JSON.parse(body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '');
    expect(data.offers.price).toBe(9_999);
    expect(data.offers).not.toHaveProperty('priceSpecification');
  });

  it('gives the home page the shop as an Organization and the site with its search', async () => {
    const { body } = await html('/');
    const data = JSON.parse(body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '');
    expect(data['@context']).toBe('https://schema.org');
    const [organization, website] = data['@graph'];
    expect(organization).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://shop.example.in/#organization',
      name: 'Time Square Watches',
      url: 'https://shop.example.in/',
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service' },
      hasMerchantReturnPolicy: { merchantReturnDays: 1 },
    });
    expect(organization.telephone).toEqual(expect.any(String));
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: 'https://shop.example.in/',
      publisher: { '@id': 'https://shop.example.in/#organization' },
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://shop.example.in/explore?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('sends a product URL with another name to the product’s own URL (301), keeping the query', async () => {
    for (const name of ['anything', 'watch.bak', 'Rolex%20Submariner', '.watch.swp']) {
      const res = await t.app.inject({ url: `/${ids.rolex}/${name}?utm_source=wa` });
      expect(res.statusCode, name).toBe(301);
      expect(res.headers.location).toBe(`/${ids.rolex}/Rolex%20Submariner%20%22Hulk%22%20%3CGreen%3E?utm_source=wa`);
    }
    // The same name encoded differently is the same page.
    expect((await html(`/${ids.rolex}/Rolex Submariner "Hulk" <Green>`)).status).toBe(200);
  });

  it('answers an unknown or deleted product URL with 404 and a not-found title', async () => {
    for (const id of [ids.gone, 'zzzzzzzzzzzzzzzzzzzz']) {
      const { status, body } = await html(`/${id}/Gone%20Watch`);
      expect(status).toBe(404);
      expect(body).toContain('<title>Watch not found | Time Square Watches</title>');
    }
  });

  it('titles listing URLs by category and brand, with the count and lowest price', async () => {
    const all = await html('/product');
    expect(all.body).toContain('<title>All watches | Time Square Watches</title>');
    const brand = await html('/product/men-watch/rolex');
    expect(brand.body).toContain('<title>Rolex Men Watches | Time Square Watches</title>');
    expect(brand.body).toContain('1 rolex men watches from ₹1,23,456.');
    expect(brand.body).toContain('<link rel="canonical" href="https://shop.example.in/product/men-watch/rolex">');
    // The preview's picture is the newest watch's, described by its name.
    expect(brand.body).toContain(
      `<meta property="og:image" content="https://shop.example.in/media/${IMAGE}/960.webp">`,
    );
    expect(brand.body).toContain(
      '<meta property="og:image:alt" content="Rolex Submariner &#34;Hulk&#34; &#60;Green&#62;">',
    );
    expect(brand.body).toContain(
      '<meta name="twitter:image:alt" content="Rolex Submariner &#34;Hulk&#34; &#60;Green&#62;">',
    );
    const swiss = await html('/product/swizz-eta-watch');
    expect(swiss.body).toContain('<title>Swizz ETA Watches | Time Square Watches</title>');
    const unknown = await html('/product/pocket-watch');
    expect(unknown.status).toBe(404);
    expect((await html('/product/men-watch/rolex.bak')).status).toBe(404);
    expect(unknown.body).toContain('<link rel="canonical" href="https://shop.example.in/product">');
  });

  it('answers the Brand form with a 303 to the brand’s own listing, the sort kept (decision 032)', async () => {
    const picked = await html('/product/men-watch?brand=Rolex&sort=price-desc&page=3');
    expect(picked.status).toBe(303);
    expect(picked.headers.location).toBe('/product/men-watch/rolex?sort=price-desc');
    const all = await html('/product/men-watch/rolex?brand=');
    expect(all.status).toBe(303);
    expect(all.headers.location).toBe('/product/men-watch');
    // Not a brand of the list: all brands, never a page for the text typed.
    expect((await html('/product/men-watch?brand=%3Cscript%3E')).headers.location).toBe('/product/men-watch');
  });

  it('renders a sorted listing with the sorted answer, its canonical link naming the listing', async () => {
    const sorted = await html('/product/men-watch?sort=price-asc&page=2');
    expect(sorted.status).toBe(200);
    expect(sorted.body).toContain('"/api/products?sort=price-asc&page=2&category=men-watch"');
    expect(sorted.body).toContain('<link rel="canonical" href="https://shop.example.in/product/men-watch">');
    // An unknown sort is the default one.
    expect((await html('/product/men-watch?sort=cheapest')).body).toContain('/api/products?sort=latest');
  });

  it('answers paths the app has no page for with 404 (no soft 404 for crawlers and scanners)', async () => {
    for (const path of ['/index.php.bak', '/backup.zip', '/product/men-watch/rolex/extra', '/a/b/c']) {
      const { status, body } = await html(path);
      expect(status, path).toBe(404);
      expect(body).toContain('<title>Page not found | Time Square Watches</title>');
      expect(body).toContain('<div id="root">');
    }
    for (const path of ['/', '/home', '/cart', '/login', '/orders', '/dashboard/orders', '/Disclaimer']) {
      expect((await html(path)).status, path).toBe(200);
    }
  });

  it('sends each page its own title, the home page’s on the home page only (WCAG 2.4.2)', async () => {
    const titles: Record<string, string> = {
      '/': 'Time Square Watches | Premium watches with cash on delivery',
      '/cart': 'Your cart | Time Square Watches',
      '/login': 'Log in | Time Square Watches',
      '/signup': 'Sign up | Time Square Watches',
      '/orders': 'Your orders | Time Square Watches',
      '/history': 'Order history | Time Square Watches',
      '/profile': 'Your profile | Time Square Watches',
      '/reset-password/abc': 'Choose a new password | Time Square Watches',
      '/delivery/TSW-10001/abc': 'Choose a new delivery day | Time Square Watches',
      '/dashboard': 'Dashboard | Time Square Watches',
      '/dashboard/orders': 'Orders | Dashboard | Time Square Watches',
      '/dashboard/books/money': 'Money at a glance | Dashboard | Time Square Watches',
      '/dashboard/editproduct/abc': 'Edit a product | Dashboard | Time Square Watches',
      '/explore?q=seiko': 'seiko | Search watches | Time Square Watches',
    };
    for (const [path, title] of Object.entries(titles))
      expect((await html(path)).body, path).toContain(`<title>${title}</title>`);
  });

  it('titles the policy pages', async () => {
    const { body } = await html('/privacy-policy');
    expect(body).toContain('<title>Privacy policy | Time Square Watches</title>');
  });
});

describe('pages kept between requests', () => {
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a page again compressed as it was made, and makes it anew once the catalogue changes', async () => {
    const url = '/product/men-watch/omega';
    const first = await get(url, 'br');
    const again = await get(url, 'gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain('0 omega men watches. ');

    await addProduct(t.app.db, { name: 'Omega Seamaster', brand: 'Omega', price: 60_000, discountPrice: 54_321 });
    const after = await get(url, 'br');
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('1 omega men watches from ₹54,321.');
    expect((await get(url)).body).toContain('1 omega men watches from ₹54,321.');
  });

  it('keeps each address apart, the query and a not-found status with it', async () => {
    const unknown = await get('/no-such-page?a=1');
    expect(unknown.statusCode).toBe(404);
    expect((await get('/no-such-page?a=1')).statusCode).toBe(404);
    const policy = await get('/privacy-policy?a=1');
    expect(policy.statusCode).toBe(200);
    expect(policy.body).toContain('<title>Privacy policy | Time Square Watches</title>');
    expect((await get('/disclaimer?a=1')).body).toContain('<title>Disclaimer | Time Square Watches</title>');
  });
});

describe('crawlers and old links', () => {
  it('lists every listing and product in /sitemap.xml, without deleted ones', async () => {
    const { status, body, headers } = await html('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('application/xml');
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(body).toContain('<loc>https://shop.example.in/product/men-watch/jaeger_lecoultre</loc>');
    expect(body).toContain('<loc>https://shop.example.in/product/swizz-eta-watch</loc>');
    expect(body).toContain(
      `<loc>https://shop.example.in/${ids.rolex}/Rolex%20Submariner%20%22Hulk%22%20%3CGreen%3E</loc>`,
    );
    expect(body).not.toContain(ids.gone);
  });

  it('keeps crawlers out of the admin area and the account pages', async () => {
    const { body, headers } = await html('/robots.txt');
    expect(headers['content-type']).toContain('text/plain');
    for (const path of ['/dashboard', '/profile', '/orders', '/cart', '/api/'])
      expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });

  it('redirects the misspelt terms path permanently', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/terms-and-conditoins' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/terms-and-conditions');
  });

  it('serves a sitemap part and refuses unknown ones', async () => {
    expect((await html('/sitemaps/pages.xml')).body).toContain('/product/men-watch/rolex</loc>');
    expect((await html('/sitemaps/products-1.xml')).body).toContain(ids.rolex);
    expect((await html('/sitemaps/products-2.xml')).status).toBe(404);
    expect((await html('/sitemaps/other.xml')).status).toBe(400);
  });
});
