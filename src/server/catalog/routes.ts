/**
 * Catalogue API under /api (SPEC §7 mapped in docs/api.md): listings, search,
 * one product, related, latest, category counts, the home page in one call,
 * and the view counter.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandFromSlug, categoryFromSlug, categorySlug } from '../../common/catalog.ts';
import { HOME_LATEST, PAGE_SIZE, RELATED_LIMIT } from '../../common/constants.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { HOME_CONTENT_KEY, parseHomeContent } from '../../common/schemas/home.ts';
import { productSchema } from '../../common/schemas/product.ts';
import { loadUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';
import { categoryCounts, findProduct, latestProducts, listProducts, recordView, relatedProducts } from './queries.ts';
import {
  cardListSchema,
  categoryCountsSchema,
  homeResponseSchema,
  latestQuerySchema,
  listingQuerySchema,
  type ProductPage,
  productIdParams,
  productPageSchema,
  searchQuerySchema,
  viewResultSchema,
} from './schemas.ts';
import { currentIndex } from './search/holder.ts';
import { searchProducts } from './search/search.ts';

const TAGS = ['catalog'];
const NOT_FOUND_MESSAGE = 'We could not find this watch. It may have been removed from the shop.';

function pageOf(items: ProductPage['items'], total: number, page: number): ProductPage {
  return { items, total, page, pageSize: PAGE_SIZE, pageCount: Math.ceil(total / PAGE_SIZE) };
}

async function countsOf(app: FastifyInstance) {
  const counts = await categoryCounts(app.db);
  return {
    total: counts.reduce((sum, c) => sum + c.count, 0),
    categories: counts.map((c) => ({ ...c, slug: categorySlug(c.category) })),
  };
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Build the in-memory search index as the server starts listening (about 3 s for
  // 100 000 products), so the first shopper's search does not wait for it.
  app.addHook('onListen', async () => {
    currentIndex(app.db).catch((err) => app.log.warn({ err }, 'search index warm-up failed; it loads on first search'));
  });

  app.get(
    '/products',
    {
      schema: {
        tags: TAGS,
        summary: 'A page of products by category and brand slug, sorted; unknown slugs give an empty page',
        querystring: listingQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (request) => {
      const { category: cateSlug, brand: brandSlugText, sort, page } = request.query;
      const category = cateSlug ? categoryFromSlug(cateSlug) : null;
      const brand = brandSlugText ? brandFromSlug(brandSlugText) : null;
      // An unknown category or brand is an empty listing, not an error (the URL may be old).
      if ((cateSlug && !category) || (brandSlugText && !brand)) return pageOf([], 0, page);
      const { items, total } = await listProducts(app.db, { category, brand, sort }, page, PAGE_SIZE);
      return pageOf(items, total, page);
    },
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags: TAGS,
        summary: 'Search products by words, with typo tolerance; best matches first',
        querystring: searchQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (request) => {
      const { q, page } = request.query;
      const { items, total } = await searchProducts(app.db, q, page, PAGE_SIZE);
      return pageOf(items, total, page);
    },
  );

  app.get(
    '/products/latest',
    {
      schema: {
        tags: TAGS,
        summary: 'The newest products',
        querystring: latestQuerySchema,
        response: { 200: cardListSchema },
      },
    },
    async (request) => ({ items: await latestProducts(app.db, request.query.limit) }),
  );

  app.get(
    '/products/counts',
    { schema: { tags: TAGS, summary: 'Products per category', response: { 200: categoryCountsSchema } } },
    async () => countsOf(app),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One product',
        params: productIdParams,
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw notFound(NOT_FOUND_MESSAGE);
      return product;
    },
  );

  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: TAGS,
        summary: 'Up to 8 newest products of the same category',
        params: productIdParams,
        response: { 200: cardListSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw notFound(NOT_FOUND_MESSAGE);
      return { items: await relatedProducts(app.db, product, RELATED_LIMIT) };
    },
  );

  app.post(
    '/products/:id/views',
    {
      schema: {
        tags: TAGS,
        summary: 'Counts a view by the logged-in shopper, once per shopper and product',
        params: productIdParams,
        response: { 200: viewResultSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw notFound(NOT_FOUND_MESSAGE);
      const userId = await loadUser(app, request);
      // Visitors' views are not counted (SPEC §7 sends the view only when logged in).
      if (!userId) return { recorded: false };
      return { recorded: await recordView(app.db, product.id, userId) };
    },
  );

  app.get(
    '/home',
    {
      schema: {
        tags: TAGS,
        summary: 'The home page in one call: latest products, category counts and banners, reels and reviews',
        response: { 200: homeResponseSchema },
      },
    },
    async () => {
      const [latest, counts, content] = await Promise.all([
        latestProducts(app.db, HOME_LATEST),
        countsOf(app),
        app.db.selectFrom('site_content').select('value').where('key', '=', HOME_CONTENT_KEY).executeTakeFirst(),
      ]);
      return { latest, counts, content: parseHomeContent(content?.value) };
    },
  );
};
