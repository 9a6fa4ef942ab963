/**
 * Product writes for the admin area: create, update, soft delete, stock toggle,
 * plus the admin's own list (every product, in stock or not) and the edit form's read.
 * The queries live in catalog/product-writes.ts, which keeps the search index in step.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogApi } from '../../common/catalog-api.ts';
import {
  adminProductIdParams,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductReplySchema,
  stockInputSchema,
} from '../../common/schemas/catalog.ts';
import { type AdminProduct, type ProductInput, productInputSchema } from '../../common/schemas/product.ts';
import { newId, nowIso } from '../db/ids.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { imageExists } from '../media/store.ts';
import { toProductRow } from './product-row.ts';
import { createProduct, deleteProduct, findAdminProduct, listAdminProducts, updateProduct } from './product-writes.ts';

const NOT_FOUND = 'This product does not exist or was deleted';

/** The product, or the one 404 every route gives for a missing or deleted product. */
function found(product: AdminProduct | null): AdminProduct {
  if (!product) throw notFound(NOT_FOUND);
  return product;
}

/** Every image id the product names must be one we stored (the schema checks only its shape). */
async function checkImagesExist(storage: ObjectStorage, input: ProductInput): Promise<void> {
  const ids = [...input.images, ...input.colorImages.map((c) => c.image)];
  for (const [i, id] of ids.entries()) {
    if (!(await imageExists(storage, id))) {
      const field = i < input.images.length ? `images.${i}` : `colorImages.${i - input.images.length}.image`;
      throw badRequest('An image of this product was not uploaded. Please upload it again.', {
        [field]: 'This image was not uploaded',
      });
    }
  }
}

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, catalogApi.adminProducts, {
      tags: ['admin'],
      summary: 'Every product, newest first, by category and brand',
      querystring: adminProductListQuerySchema,
      response: { 200: adminProductPageSchema },
    }),
    handler: async (request) => listAdminProducts(app.db, request.query),
  });

  app.route({
    ...contractRoute(app, catalogApi.adminProduct, {
      tags: ['admin'],
      summary: 'One product for the edit form',
      params: adminProductIdParams,
      response: { 200: adminProductReplySchema },
    }),
    handler: async (request) => ({ product: found(await findAdminProduct(app.db, request.params.id)) }),
  });

  app.route({
    ...contractRoute(app, catalogApi.createProduct, {
      tags: ['admin'],
      summary: 'Create a product',
      body: productInputSchema,
      response: { 201: adminProductReplySchema },
    }),
    handler: async (request, reply) => {
      await checkImagesExist(app.media, request.body);
      const product = await createProduct(app.db, toProductRow(newId(), request.body, nowIso()));
      return reply.status(201).send({ product });
    },
  });

  app.route({
    ...contractRoute(app, catalogApi.updateProduct, {
      tags: ['admin'],
      summary: 'Replace a product’s details',
      params: adminProductIdParams,
      body: productInputSchema,
      response: { 200: adminProductReplySchema },
    }),
    handler: async (request) => {
      await checkImagesExist(app.media, request.body);
      const {
        id: _id,
        created_at: _created,
        deleted_at: _deleted,
        // The buyers' average and count: only publishing a review changes them (reviews/moderation.ts).
        stars: _stars,
        reviews_count: _reviews,
        ...changes
      } = toProductRow(request.params.id, request.body, nowIso());
      const product = found(await updateProduct(app.db, app.config, request.params.id, changes));
      // Back in stock: the waiting people's messages were queued with the change.
      app.mail.nudge();
      return { product };
    },
  });

  app.route({
    ...contractRoute(app, catalogApi.setStock, {
      tags: ['admin'],
      summary: 'Mark a product in stock or out of stock',
      params: adminProductIdParams,
      body: stockInputSchema,
      response: { 200: adminProductReplySchema },
    }),
    handler: async (request) => {
      const changes = { in_stock: request.body.inStock ? 1 : 0, updated_at: nowIso() };
      const product = found(await updateProduct(app.db, app.config, request.params.id, changes));
      // Back in stock: the waiting people's messages were queued with the change.
      app.mail.nudge();
      return { product };
    },
  });

  app.route({
    ...contractRoute(app, catalogApi.deleteProduct, {
      tags: ['admin'],
      summary: 'Delete a product (orders keep their snapshots; carts show it unavailable)',
      params: adminProductIdParams,
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      if (!(await deleteProduct(app.db, request.params.id))) throw notFound(NOT_FOUND);
      return reply.status(204).send(null);
    },
  });
};
