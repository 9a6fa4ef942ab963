/** Shapes the catalogue API answers: the shared contract (types only: zod stays out of the bundle). */
export type { Sort } from '../../../common/catalog-api.ts';
export type { CategoryCounts, HomeResponse } from '../../../common/schemas/catalog.ts';
export type { Product, ProductCard } from '../../../common/schemas/product.ts';
