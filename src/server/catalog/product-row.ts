/** Turns a products row into the API's Product, and a ProductInput into a row. */
import type { AdminProduct, Product, ProductCard, ProductInput } from '../../common/schemas/product.ts';
import { parseJsonList, toJson } from '../db/json.ts';
import type { NewProductRow, ProductRow } from '../db/tables.ts';

/**
 * Whether a shopper can order the watch: the owner's in-stock toggle, and, when
 * the owner counts this watch, at least one left (issue 12: at 0 it shows OUT OF STOCK).
 */
export function isAvailable(row: Pick<ProductRow, 'in_stock' | 'stock_count'>): boolean {
  return Number(row.in_stock) === 1 && (row.stock_count === null || Number(row.stock_count) > 0);
}

/** Watches left as a number, or null when not counted. */
export function stockCountOf(row: Pick<ProductRow, 'stock_count'>): number | null {
  return row.stock_count === null ? null : Number(row.stock_count);
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: Number(row.price),
    discountPrice: Number(row.discount_price),
    description: row.description,
    images: parseJsonList<string>(row.images),
    colorImages: parseJsonList(row.color_images),
    features: parseJsonList(row.features),
    tags: parseJsonList<string>(row.tags),
    stars: Number(row.stars),
    reviewsCount: Number(row.reviews_count),
    outsideRating: outsideRatingOf(row),
    status: row.status,
    spinningText: row.spinning_text,
    inStock: isAvailable(row),
    videoUrl: row.video_url,
    countryOfOrigin: row.country_of_origin,
    createdAt: row.created_at,
  };
}

/**
 * The product as the admin form reads it: the owner's own in-stock toggle (not
 * the shopper's availability, which also counts stock) and the stock count.
 */
export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toProduct(row),
    inStock: Number(row.in_stock) === 1,
    stockCount: stockCountOf(row),
    outsideRatingSource: row.outside_rating_source ?? '',
    outsideRatingValue: nullableNumber(row.outside_rating),
    outsideRatingCount: nullableNumber(row.outside_rating_count),
    hsnCode: row.hsn_code,
    uqc: row.uqc,
    weightGrams: nullableNumber(row.weight_grams),
    lengthCm: nullableNumber(row.length_cm),
    breadthCm: nullableNumber(row.breadth_cm),
    heightCm: nullableNumber(row.height_cm),
  };
}

/** A rating from elsewhere only when the owner named its source (migration 0028). */
function outsideRatingOf(row: ProductRow): Product['outsideRating'] {
  const source = row.outside_rating_source ?? '';
  if (!source || row.outside_rating === null || row.outside_rating_count === null) return null;
  return { source, rating: Number(row.outside_rating), count: Number(row.outside_rating_count) };
}

/** PostgreSQL's integers may come back as strings from some drivers; null stays null. */
const nullableNumber = (v: number | null): number | null => (v === null ? null : Number(v));

export function toProductRow(id: string, input: ProductInput, now: string): NewProductRow {
  return {
    id,
    name: input.name,
    brand: input.brand,
    category: input.category,
    price: input.price,
    discount_price: input.discountPrice,
    description: input.description,
    images: toJson(input.images),
    color_images: toJson(input.colorImages),
    features: toJson(input.features),
    tags: toJson(input.tags),
    // The shop's own stars are its published reviews' (reviews/moderation.ts): a new watch has none,
    // and an edit never writes them (catalog/admin-routes.ts).
    stars: 0,
    reviews_count: 0,
    // Without a source the figures are dropped: no unlabelled number is kept (issue 38). Two decimals
    // are all a rating shows; rounding also keeps values like 5e-324 out of PostgreSQL's float4
    // column, which refuses them (an underflow, once a 500: tests/security/fuzz.test.ts).
    outside_rating_source: input.outsideRatingSource || null,
    outside_rating:
      input.outsideRatingSource && input.outsideRating !== null ? Math.round(input.outsideRating * 100) / 100 : null,
    outside_rating_count: input.outsideRatingSource ? input.outsideRatingCount : null,
    status: input.status,
    spinning_text: input.spinningText,
    in_stock: input.inStock ? 1 : 0,
    stock_count: input.stockCount,
    video_url: input.videoUrl,
    hsn_code: input.hsnCode,
    uqc: input.uqc,
    country_of_origin: input.countryOfOrigin,
    weight_grams: input.weightGrams,
    length_cm: input.lengthCm,
    breadth_cm: input.breadthCm,
    height_cm: input.heightCm,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

/** Columns a product card needs (listings read only these). */
export const CARD_COLUMNS = [
  'id',
  'name',
  'brand',
  'category',
  'price',
  'discount_price',
  'description',
  'images',
  'stars',
  'reviews_count',
  'status',
  'in_stock',
  'stock_count',
] as const satisfies ReadonlyArray<keyof ProductRow>;
export type CardRow = Pick<ProductRow, (typeof CARD_COLUMNS)[number]>;

export function toProductCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: Number(row.price),
    discountPrice: Number(row.discount_price),
    description: row.description,
    images: parseJsonList<string>(row.images),
    stars: Number(row.stars),
    reviewsCount: Number(row.reviews_count),
    status: row.status,
    inStock: isAvailable(row),
  };
}
