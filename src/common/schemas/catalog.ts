/**
 * What the catalogue API answers (docs/product.md#listing, #home, #search), for
 * both sides: the server's response schemas decide what is serialised, and the
 * browser imports the types only (zod stays out of the storefront's bundle).
 */
import { z } from 'zod';
import { BRANDS, CATEGORIES } from '../catalog.ts';
import { SORTS } from '../catalog-api.ts';
import { homeContentSchema, homeReviewSchema } from './home.ts';
import { adminProductCardSchema, adminProductSchema, productCardSchema } from './product.ts';

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
  /** The customer pictures: the newest published photo reviews, one a watch (docs/product.md#home). */
  reviews: z.array(homeReviewSchema),
  /** The largest whole percentage off MRP among the shop's watches (percentOff), for the sale banner. */
  largestDiscount: z.number().int(),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

const page = z.coerce
  .number('The page must be a number')
  .int('The page must be a whole number')
  .min(1, 'The page must be 1 or more')
  .max(100_000, 'That page is too far')
  .default(1);

/** GET /products: category and brand slugs as in the page's URL (unknown slugs give an empty page). */
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

/** POST /products/:id/views: whether the view was counted (only a logged-in shopper's first). */
export const viewResultSchema = z.object({ recorded: z.boolean() });
export type ViewResult = z.infer<typeof viewResultSchema>;

/** The admin's product list: by category and brand (their names), a page at a time. */
export const adminProductListQuerySchema = z.object({
  category: z.enum(CATEGORIES, 'Unknown category').optional(),
  brand: z.enum(BRANDS, 'Unknown brand').optional(),
  page: z.coerce.number('The page must be a number').int().min(1).max(100_000).default(1),
});

export const adminProductIdParams = z.object({ id: z.string().min(1).max(40) });

/** One product as the admin's edit form reads it, and as every product write answers. */
export const adminProductReplySchema = z.object({ product: adminProductSchema });
export type AdminProductReply = z.infer<typeof adminProductReplySchema>;

export const stockInputSchema = z.object({ inStock: z.boolean('Please say whether the product is in stock') });
