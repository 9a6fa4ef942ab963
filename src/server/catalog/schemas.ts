/**
 * Request and response schemas of the catalogue API. The response schemas also
 * decide what is serialised (only these fields ever leave the server).
 */
import { z } from 'zod';
import { CATEGORIES } from '../../common/catalog.ts';
import { homeContentSchema } from '../../common/schemas/home.ts';
import { productCardSchema } from '../../common/schemas/product.ts';
import { SORTS } from './queries.ts';

const page = z.coerce
  .number('The page must be a number')
  .int('The page must be a whole number')
  .min(1, 'The page must be 1 or more')
  .max(100_000, 'That page is too far')
  .default(1);

export const listingQuerySchema = z.object({
  category: z.string().trim().max(60).optional(),
  brand: z.string().trim().max(60).optional(),
  sort: z.enum(SORTS, 'Sort must be latest, price-asc or price-desc').default('latest'),
  page,
});

export const searchQuerySchema = z.object({
  q: z.string().max(200, 'The search is too long').default(''),
  page,
});

export const latestQuerySchema = z.object({
  limit: z.coerce.number('The limit must be a number').int().min(1).max(40, 'At most 40 products').default(4),
});

export const productIdParams = z.object({ id: z.string().trim().min(1).max(40) });

export const productPageSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const cardListSchema = z.object({ items: z.array(productCardSchema) });

export const categoryCountsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ category: z.enum(CATEGORIES), slug: z.string(), count: z.number().int() })),
});

export const viewResultSchema = z.object({ recorded: z.boolean() });

export const homeResponseSchema = z.object({
  latest: z.array(productCardSchema),
  counts: categoryCountsSchema,
  content: homeContentSchema.nullable(),
});
