/**
 * Catalogue API under /api (docs/api.md maps the owner's calls to ours): listings, search,
 * one product, related, latest, category counts and the view counter. The home page's one call
 * is home/routes.ts (it shows reviews too).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogApi } from '../../common/catalog-api.ts';
import {
  cardListSchema,
  categoryCountsSchema,
  latestQuerySchema,
  listingQuerySchema,
  productIdParams,
  productPageSchema,
  searchQuerySchema,
  viewResultSchema,
} from '../../common/schemas/catalog.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { productSchema } from '../../common/schemas/product.ts';
import { loadUser } from '../auth/guards.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { countsAnswer, latestAnswer, listingAnswer, productAnswer, relatedAnswer, searchAnswer } from './answers.ts';
import { findProduct, recordView } from './queries.ts';
import { currentIndex } from './search/holder.ts';

const TAGS = ['catalog'];
const NOT_FOUND_MESSAGE = 'We could not find this watch. It may have been removed from the shop.';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Build the in-memory search index as the server starts listening (about 3 s for
  // 100 000 products), so the first shopper's search does not wait for it.
  app.addHook('onListen', async () => {
    currentIndex(app.db).catch((err) => app.log.warn({ err }, 'search index warm-up failed; it loads on first search'));
  });

  app.route({
    ...contractRoute(app, catalogApi.listing, {
      tags: TAGS,
      summary: 'A page of products by category and brand slug, sorted; unknown slugs give an empty page',
      querystring: listingQuerySchema,
      response: { 200: productPageSchema },
    }),
    handler: async (request, reply) => sendCachedJson(request, reply, await listingAnswer(app.db, request.query)),
  });

  app.route({
    ...contractRoute(app, catalogApi.search, {
      tags: TAGS,
      summary: 'Search products by words, with typo tolerance; best matches first',
      querystring: searchQuerySchema,
      response: { 200: productPageSchema },
    }),
    handler: async (request, reply) =>
      sendCachedJson(request, reply, await searchAnswer(app.db, request.query.q, request.query.page)),
  });

  app.route({
    ...contractRoute(app, catalogApi.latest, {
      tags: TAGS,
      summary: 'The newest products',
      querystring: latestQuerySchema,
      response: { 200: cardListSchema },
    }),
    handler: async (request, reply) => sendCachedJson(request, reply, await latestAnswer(app.db, request.query.limit)),
  });

  app.route({
    ...contractRoute(app, catalogApi.counts, {
      tags: TAGS,
      summary: 'Products per category',
      response: { 200: categoryCountsSchema },
    }),
    handler: async (request, reply) => sendCachedJson(request, reply, await countsAnswer(app.db)),
  });

  app.route({
    ...contractRoute(app, catalogApi.product, {
      tags: TAGS,
      summary: 'One product',
      params: productIdParams,
      response: { 200: productSchema, 404: errorSchema },
    }),
    handler: async (request, reply) => {
      const answer = await productAnswer(app.db, request.params.id);
      if (!answer) throw notFound(NOT_FOUND_MESSAGE);
      return sendCachedJson(request, reply, answer);
    },
  });

  app.route({
    ...contractRoute(app, catalogApi.related, {
      tags: TAGS,
      summary: 'Up to 8 newest products of the same category',
      params: productIdParams,
      response: { 200: cardListSchema, 404: errorSchema },
    }),
    handler: async (request, reply) => {
      const answer = await relatedAnswer(app.db, request.params.id);
      if (!answer) throw notFound(NOT_FOUND_MESSAGE);
      return sendCachedJson(request, reply, answer);
    },
  });

  app.route({
    ...contractRoute(app, catalogApi.view, {
      tags: TAGS,
      summary: 'Counts a view by the logged-in shopper, once per shopper and product',
      params: productIdParams,
      response: { 200: viewResultSchema, 404: errorSchema },
    }),
    handler: async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw notFound(NOT_FOUND_MESSAGE);
      const userId = await loadUser(app, request);
      // Visitors' views are not counted (docs/product.md#product-page: only a logged-in shopper's visit counts).
      if (!userId) return { recorded: false };
      return { recorded: await recordView(app.db, product.id, userId) };
    },
  });
};
