/**
 * Request and response schemas of the catalogue API. The response schemas also
 * decide what is serialised (only these fields ever leave the server).
 */
import { z } from 'zod';
import { SORTS } from '../../common/catalog-api.ts';

// The answers' schemas are shared with the browser (src/common/schemas/catalog.ts).
export {
  cardListSchema,
  categoryCountsSchema,
  homeResponseSchema,
  type ProductPage,
  productPageSchema,
} from '../../common/schemas/catalog.ts';

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

export const viewResultSchema = z.object({ recorded: z.boolean() });
