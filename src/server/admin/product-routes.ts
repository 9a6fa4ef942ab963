/**
 * Product writes for the admin area: create, update, soft delete, stock toggle,
 * plus the admin's own list (every product, in stock or not) and the edit form's read.
 */
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDS, CATEGORIES } from '../../common/catalog.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { IMAGE_WIDTHS } from '../../common/media.ts';
import {
  type AdminProduct,
  adminProductCardSchema,
  adminProductSchema,
  type ProductInput,
  productInputSchema,
} from '../../common/schemas/product.ts';
import { toAdminProduct, toProductRow } from '../catalog/product-row.ts';
import { refreshSearchIndex } from '../catalog/search/index-writer.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db, ProductUpdate } from '../db/tables.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { imageFile } from '../media/store.ts';

const idParams = z.object({ id: z.string().min(1).max(40) });
const NOT_FOUND = 'This product does not exist or was deleted';

/** Every image id the product names must be one we stored (the schema checks only its shape). */
async function checkImagesExist(uploadsDir: string, input: ProductInput): Promise<void> {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
  const ids = [...input.images, ...input.colorImages.map((c) => c.image)];
  for (const [i, id] of ids.entries()) {
    const found = await stat(imageFile(uploadsDir, id, largest)).catch(() => null);
    if (!found) {
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
        response: {
          200: z.object({
            items: z.array(adminProductCardSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageCount: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { category, brand, page } = request.query;
      let query = app.db.selectFrom('products').where('deleted_at', 'is', null);
      if (category) query = query.where('category', '=', category);
      if (brand) query = query.where('brand', '=', brand);
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute();
      const total = Number(count.n);
      return { items: rows.map(toAdminProduct), total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
    },
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
    async (request) => {
      const row = await app.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw notFound(NOT_FOUND);
      return { product: toAdminProduct(row) };
    },
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
      await checkImagesExist(app.config.uploadsDir, request.body);
      const row = toProductRow(newId(), request.body, nowIso());
      await app.db.transaction().execute(async (trx) => {
        await trx.insertInto('products').values(row).execute();
        await refreshSearchIndex(trx, row.id);
      });
      const saved = await app.db.selectFrom('products').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return reply.status(201).send({ product: toAdminProduct(saved) });
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
      await checkImagesExist(app.config.uploadsDir, request.body);
      const {
        id: _id,
        created_at: _created,
        deleted_at: _deleted,
        ...changes
      } = toProductRow(request.params.id, request.body, nowIso());
      return { product: await updateLiveProduct(app.db, request.params.id, changes) };
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
      return { product: await updateLiveProduct(app.db, request.params.id, changes) };
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
      await app.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const result = await trx
          .updateTable('products')
          .set({ deleted_at: now, updated_at: now })
          .where('id', '=', request.params.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound(NOT_FOUND);
        await refreshSearchIndex(trx, request.params.id);
      });
      return reply.status(204).send(null);
    },
  );
};

/**
 * Applies `changes` to a product that is not deleted, keeps its search entry in
 * step in the same transaction, and returns the product as saved.
 */
async function updateLiveProduct(db: Db, id: string, changes: ProductUpdate): Promise<AdminProduct> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('products')
      .set(changes)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(NOT_FOUND);
    await refreshSearchIndex(trx, id);
  });
  const saved = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toAdminProduct(saved);
}
