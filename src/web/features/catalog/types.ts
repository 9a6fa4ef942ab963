/** Shapes the catalogue API answers (src/server/catalog/schemas.ts). */
import type { Category } from '../../../common/catalog.ts';
import type { ProductCard } from '../../../common/schemas/product.ts';

export type { Product, ProductCard } from '../../../common/schemas/product.ts';

export interface ProductPage {
  items: ProductCard[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface CategoryCounts {
  total: number;
  categories: Array<{ category: Category; slug: string; count: number }>;
}

export type Sort = 'latest' | 'price-asc' | 'price-desc';
