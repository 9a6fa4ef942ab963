/**
 * Product writes for the admin area: create, update, soft delete, stock toggle,
 * plus the admin's own list (every product, in stock or not) and the edit form's read.
 * The queries live in catalog/product-writes.ts, which keeps the search index in step.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDS, CATEGORIES } from '../../common/catalog.ts';
import { adminProductPageSchema } from '../../common/schemas/catalog.ts';
import {
  type AdminProduct,
  adminProductSchema,
  type ProductInput,
  productInputSchema,
} from '../../common/schemas/product.ts';
import { newId, nowIso } from '../db/ids.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ObjectStorage } from '../media/storage/object-storage.ts';
import { imageExists } from '../media/store.ts';
import { toProductRow } from './product-row.ts';
import { createProduct, deleteProduct, findAdminProduct, listAdminProducts, updateProduct } from './product-writes.ts';

const idParams = z.object({ id: z.string().min(1).max(40) });
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
  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product, newest first, by category and brand',
        querystring: z.object({
          category: z.enum(CATEGORIES, 'Unknown category').optional(),
          brand: z.enum(BRANDS, 'Unknown brand').optional(),
          page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
        }),
        response: { 200: adminProductPageSchema },
      },
    },
    async (request) => listAdminProducts(app.db, request.query),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One product for the edit form',
        params: idParams,
        response: { 200: z.object({ product: adminProductSchema }) },
      },
    },
    async (request) => ({ product: found(await findAdminProduct(app.db, request.params.id)) }),
  );

  app.post(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a product',
        body: productInputSchema,
        response: { 201: z.object({ product: adminProductSchema }) },
      },
    },
    async (request, reply) => {
      await checkImagesExist(app.media, request.body);
      const product = await createProduct(app.db, toProductRow(newId(), request.body, nowIso()));
      return reply.status(201).send({ product });
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a product’s details',
        params: idParams,
        body: productInputSchema,
        response: { 200: z.object({ product: adminProductSchema }) },
      },
    },
    async (request) => {
      await checkImagesExist(app.media, request.body);
      const {
        id: _id,
        created_at: _created,
        deleted_at: _deleted,
        ...changes
      } = toProductRow(request.params.id, request.body, nowIso());
      return { product: found(await updateProduct(app.db, request.params.id, changes)) };
    },
  );

  app.patch(
    '/products/:id/stock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a product in stock or out of stock',
        params: idParams,
        body: z.object({ inStock: z.boolean('Please say whether the product is in stock') }),
        response: { 200: z.object({ product: adminProductSchema }) },
      },
    },
    async (request) => {
      const changes = { in_stock: request.body.inStock ? 1 : 0, updated_at: nowIso() };
      return { product: found(await updateProduct(app.db, request.params.id, changes)) };
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a product (orders keep their snapshots; carts show it unavailable)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await deleteProduct(app.db, request.params.id))) throw notFound(NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
};
