/**
 * What the catalogue API answers (docs/product.md#listing, #home, #search), for
 * both sides: the server's response schemas decide what is serialised, and the
 * browser imports the types only (zod stays out of the storefront's bundle).
 */
import { z } from 'zod';
import { CATEGORIES } from '../catalog.ts';
import { homeContentSchema } from './home.ts';
import { adminProductCardSchema, productCardSchema } from './product.ts';

/** One page of a listing or of search results. */
export const productPageSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** The admin's product list: every product, with the owner's own fields. */
export const adminProductPageSchema = z.object({
  items: z.array(adminProductCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const cardListSchema = z.object({ items: z.array(productCardSchema) });
export type CardList = z.infer<typeof cardListSchema>;

export const categoryCountsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ category: z.enum(CATEGORIES), slug: z.string(), count: z.number().int() })),
});
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;

export const homeResponseSchema = z.object({
  latest: z.array(productCardSchema),
  counts: categoryCountsSchema,
  content: homeContentSchema.nullable(),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
