/**
 * Pages for browsers and crawlers outside the single-page app: head tags for
 * product and listing URLs, /sitemap.xml, /robots.txt and the footer's misspelt
 * terms path. Registered in app.ts before the SPA's catch-all route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE } from '../../common/page-paths.ts';
import { notFound } from '../http/errors.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { accountPageHead } from './account-heads.ts';
import { addressLinkHead } from './address-link-head.ts';
import { advanceLinkHead } from './advance-link-head.ts';
import { homeHead, listingHead, productHead, searchHead } from './catalog-heads.ts';
import { type PageHeadResolver, pageHeadResolvers } from './head.ts';
import { reviewLinkHead } from './review-link-head.ts';
import { pageEntries, productCount, productEntries, sitemapIndex, URLS_PER_SITEMAP, urlSet } from './sitemap.ts';
import { staticHead } from './static-heads.ts';
import { trackHead } from './track-head.ts';

const RESOLVERS: PageHeadResolver[] = [
  homeHead,
  productHead,
  listingHead,
  searchHead,
  staticHead,
  trackHead,
  accountPageHead,
  advanceLinkHead,
  addressLinkHead,
  reviewLinkHead,
];

/** Crawlers stay out of the admin area, the account pages and the API. */
export const ROBOTS_DISALLOW = [
  '/dashboard',
  '/api/',
  PAGE.profile,
  PAGE.editProfile,
  PAGE.orders,
  PAGE.history,
  PAGE.cart,
  PAGE.confirmation,
  PAGE.login,
  PAGE.signup,
  PAGE.changePassword,
  PAGE.yourData,
  // A live reset link is a secret: it must never be fetched by a crawler or listed.
  '/reset-password/',
  // A failed delivery's choice link is a secret too (docs/product.md#failed-deliveries).
  '/delivery/',
  // And an order's advance link (docs/product.md#the-advance).
  '/advance/',
  // And an order's address correction link (docs/product.md "A doubtful address").
  '/address/',
  // And an order's review link (docs/product.md#reviews).
  '/review/',
];

export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list is module-wide; tests build several apps, so add each resolver once.
  for (const resolve of RESOLVERS) if (!pageHeadResolvers.includes(resolve)) pageHeadResolvers.push(resolve);

  app.get('/terms-and-conditoins', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(PAGE.terms, 301),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), 'Allow: /', ''];
    lines.push(`Sitemap: ${publicOrigin(app, request)}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = publicOrigin(app, request);
    const pages = pageEntries();
    const products = await productCount(app);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    if (pages.length + products <= URLS_PER_SITEMAP) {
      return reply.send(urlSet(origin, [...pages, ...(await productEntries(app, 0, products))]));
    }
    const parts = Math.ceil(products / URLS_PER_SITEMAP);
    const paths = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: parts }, (_, i) => `/sitemaps/products-${i + 1}.xml`),
    ];
    return reply.send(sitemapIndex(origin, paths));
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^(pages|products-[1-9][0-9]{0,3})\.xml$/) }) } },
    async (request, reply) => {
      const origin = publicOrigin(app, request);
      const { file } = request.params;
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      if (file === 'pages.xml') return reply.send(urlSet(origin, pageEntries()));
      const part = Number(file.slice('products-'.length, -'.xml'.length));
      const entries = await productEntries(app, (part - 1) * URLS_PER_SITEMAP, URLS_PER_SITEMAP);
      if (entries.length === 0) throw notFound('No such sitemap');
      return reply.send(urlSet(origin, entries));
    },
  );
};
