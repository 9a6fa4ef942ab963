/**
 * Catalogue API under /api (docs/api.md maps the owner's calls to ours): listings, search,
 * one product, related, latest, category counts, the home page in one call,
 * and the view counter.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { productSchema } from '../../common/schemas/product.ts';
import { loadUser } from '../auth/guards.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { notFound } from '../http/errors.ts';
import {
  countsAnswer,
  homeAnswer,
  latestAnswer,
  listingAnswer,
  productAnswer,
  relatedAnswer,
  searchAnswer,
} from './answers.ts';
import { findProduct, recordView } from './queries.ts';
import {
  cardListSchema,
  categoryCountsSchema,
  homeResponseSchema,
  latestQuerySchema,
  listingQuerySchema,
  productIdParams,
  productPageSchema,
  searchQuerySchema,
  viewResultSchema,
} from './schemas.ts';
import { currentIndex } from './search/holder.ts';

const TAGS = ['catalog'];
const NOT_FOUND_MESSAGE = 'We could not find this watch. It may have been removed from the shop.';

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
    async (request, reply) => sendCachedJson(request, reply, await listingAnswer(app.db, request.query)),
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
    async (request, reply) =>
      sendCachedJson(request, reply, await searchAnswer(app.db, request.query.q, request.query.page)),
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
    async (request, reply) => sendCachedJson(request, reply, await latestAnswer(app.db, request.query.limit)),
  );

  app.get(
    '/products/counts',
    { schema: { tags: TAGS, summary: 'Products per category', response: { 200: categoryCountsSchema } } },
    async (request, reply) => sendCachedJson(request, reply, await countsAnswer(app.db)),
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
    async (request, reply) => {
      const answer = await productAnswer(app.db, request.params.id);
      if (!answer) throw notFound(NOT_FOUND_MESSAGE);
      return sendCachedJson(request, reply, answer);
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
    async (request, reply) => {
      const answer = await relatedAnswer(app.db, request.params.id);
      if (!answer) throw notFound(NOT_FOUND_MESSAGE);
      return sendCachedJson(request, reply, answer);
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
      // Visitors' views are not counted (docs/product.md#product-page: only a logged-in shopper's visit counts).
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
    async (request, reply) => sendCachedJson(request, reply, await homeAnswer(app.db)),
  );
};
