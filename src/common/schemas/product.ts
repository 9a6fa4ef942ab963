/** The product as the API sends it, and the admin form's input (docs/product.md#entities). */
import { z } from 'zod';
import { BRANDS, CATEGORIES, STATUSES, TAGS } from '../catalog.ts';
import { MAX_IMAGES } from '../constants.ts';
import { IMAGE_ID_PATTERN } from '../media.ts';
import { DEFAULT_UQC, isUqc } from '../uqc.ts';
import { isAllowedVideoUrl, VIDEO_MESSAGE } from '../video.ts';
import { plainText } from './from-rules.ts';

export const featureSchema = z.object({
  name: z.string().trim().max(60),
  description: z.string().trim().max(300),
});
export const colorImageSchema = z.object({
  color: z.string().trim().max(40),
  image: z.string().regex(IMAGE_ID_PATTERN, 'Unknown image'),
});

// Re-exported: the video allow-list lives in common/video.ts (no zod) for the storefront.
export { VIDEO_MESSAGE } from '../video.ts';

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number().int(),
  discountPrice: z.number().int(),
  description: z.string(),
  images: z.array(z.string()),
  colorImages: z.array(colorImageSchema),
  features: z.array(featureSchema),
  tags: z.array(z.string()),
  /** The average and count of published reviews from buyers (reviews/moderation.ts); 0 and 0 without any. */
  stars: z.number(),
  reviewsCount: z.number().int(),
  /** A rating from elsewhere, only with its source ("Amazon 4.3 from 81 ratings"); null when none was labelled. */
  outsideRating: z.object({ source: z.string(), rating: z.number(), count: z.number().int() }).nullable(),
  status: z.string(),
  spinningText: z.string(),
  inStock: z.boolean(),
  videoUrl: z.string(),
  /** Where the watch was made, shown before purchase (docs/product.md#country-of-origin); '' when not stated. */
  countryOfOrigin: z.string(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** What a product card needs: a smaller payload for listings. */
export const productCardSchema = productSchema.pick({
  id: true,
  name: true,
  brand: true,
  category: true,
  price: true,
  discountPrice: true,
  description: true,
  images: true,
  stars: true,
  reviewsCount: true,
  status: true,
  inStock: true,
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** Watches left, for the admin only (shoppers read inStock): null when not counted. */
const stockCount = z.number().int().nullable();
/** The tariff code on the invoice: 4 to 8 digits (docs/product.md#invoice). */
export const HSN_PATTERN = /^[0-9]{4}([0-9]{2}){0,2}$/;
export const DEFAULT_HSN = '9102';
/** A product's parcel for the courier (docs/product.md#shipping); null: the shop's PARCEL_DEFAULT_* setting. */
const parcelMeasure = z.number().int().nullable();
export const adminProductSchema = productSchema.extend({
  stockCount,
  /** The rating from elsewhere as stored: '' is the owner's old typed stars, waiting for a source (migration 0028). */
  outsideRatingSource: z.string(),
  outsideRatingValue: z.number().nullable(),
  outsideRatingCount: z.number().int().nullable(),
  hsnCode: z.string(),
  uqc: z.string(),
  weightGrams: parcelMeasure,
  lengthCm: parcelMeasure,
  breadthCm: parcelMeasure,
  heightCm: parcelMeasure,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductCardSchema = productCardSchema.extend({
  stockCount,
  /** People waiting for it to come back ("Notify me", docs/product.md#back-in-stock). */
  waiting: z.number().int().default(0),
});
export type AdminProductCard = z.infer<typeof adminProductCardSchema>;

const rupees = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be whole rupees`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`);

/**
 * The parcel's limits: the same as the shop's PARCEL_DEFAULT_* settings (server/config.ts). 30 kg and
 * 150 cm a side are far above a boxed watch and within what couriers book as one parcel.
 */
export const PARCEL_LIMITS = { grams: 30_000, cm: 150 } as const;
/** An optional whole number from 1 to max; null (or absent) when the product uses the shop's default. */
const measure = (label: string, unit: string, max: number) =>
  z
    .number(`The ${label} must be a number of ${unit}`)
    .int(`The ${label} must be a whole number of ${unit}`)
    .min(1, `The ${label} must be at least 1 ${unit.replace(/s$/, '')}`)
    .max(max, `The ${label} must be at most ${max.toLocaleString('en-IN')} ${unit}`)
    .nullable()
    .default(null);

const countryOfOrigin = z
  .string()
  .trim()
  .max(56, 'The country name is too long')
  .regex(/^[\p{L} .,'()-]*$/u, "The country name may hold only letters, spaces and . , ' ( ) -");
export const COUNTRY_OF_ORIGIN_MESSAGE = 'Please enter the country of origin';

/** Admin product form (create and edit). Defaults follow the upload form (docs/product.md#admin-products). */
export const productInputSchema = z
  .object({
    // The name is printed on invoices and labels: plain text (text.ts).
    name: plainText(z.string().trim(), 'line').min(1, 'Please enter the product name').max(200, 'The name is too long'),
    brand: z.string().trim().max(60).default(''),
    category: z.enum(CATEGORIES, 'Please choose a category'),
    price: rupees('MRP').default(0),
    discountPrice: rupees('Selling price').default(0),
    description: z.string().trim().max(5000, 'The description is too long').default(''),
    images: z
      .array(z.string().regex(IMAGE_ID_PATTERN, 'Unknown image'))
      .max(MAX_IMAGES, `At most ${MAX_IMAGES} images`)
      .default([]),
    colorImages: z.array(colorImageSchema).max(20).default([]),
    features: z.array(featureSchema).max(40).default([]),
    tags: z.array(z.enum(TAGS)).max(TAGS.length).default([]),
    /**
     * A rating from elsewhere (docs/product.md#reviews): shown only with its source; saved without
     * one, the figures are dropped. The shop's own stars come from published reviews alone.
     */
    outsideRatingSource: plainText(z.string().trim(), 'line')
      .max(40, 'The source can have at most 40 characters')
      .default(''),
    outsideRating: z
      .number('The rating must be a number')
      .min(1, 'The rating must be from 1 to 5')
      .max(5, 'The rating must be from 1 to 5')
      .nullable()
      .default(null),
    outsideRatingCount: z
      .number('The number of ratings must be a number')
      .int('The number of ratings must be a whole number')
      .min(1, 'The number of ratings must be at least 1')
      .max(10_000_000, 'The number of ratings is too large')
      .nullable()
      .default(null),
    status: z.union([z.enum(STATUSES), z.literal('')]).default(''),
    spinningText: z.string().trim().max(200).default(''),
    inStock: z.boolean().default(true),
    /** Watches in stock; null (or absent) when the owner does not count them. */
    stockCount: z
      .number('The stock count must be a number')
      .int('The stock count must be a whole number')
      .min(0, 'The stock count cannot be negative')
      .max(100_000, 'The stock count is too large')
      .nullable()
      .default(null),
    videoUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || isAllowedVideoUrl(v), VIDEO_MESSAGE)
      .default(''),
    hsnCode: z
      .string()
      .trim()
      .regex(HSN_PATTERN, 'The HSN code must be 4, 6 or 8 digits (wrist watches: 9102)')
      .default(DEFAULT_HSN),
    /** The unit of quantity on the invoice and in GSTR-1 (common/uqc.ts); watches: NOS. */
    uqc: z
      .string()
      .trim()
      .refine(isUqc, 'Choose a unit of quantity from the list (watches: NOS, numbers)')
      .default(DEFAULT_UQC),
    /** Optional in the API so older tools keep working; the admin form asks for it (productFormSchema). */
    countryOfOrigin: countryOfOrigin.default(''),
    /** The parcel a courier books for one of this watch (docs/product.md#shipping); empty: the shop's default. */
    weightGrams: measure('shipping weight', 'grams', PARCEL_LIMITS.grams),
    lengthCm: measure('package length', 'cm', PARCEL_LIMITS.cm),
    breadthCm: measure('package width', 'cm', PARCEL_LIMITS.cm),
    heightCm: measure('package height', 'cm', PARCEL_LIMITS.cm),
  })
  .refine((p) => p.outsideRatingSource === '' || p.outsideRating !== null, {
    message: 'Please give the rating shown there, or empty the source',
    path: ['outsideRating'],
  })
  .refine((p) => p.outsideRatingSource === '' || p.outsideRatingCount !== null, {
    message: 'Please give the number of ratings there, or empty the source',
    path: ['outsideRatingCount'],
  })
  .refine((p) => p.discountPrice <= p.price, {
    message: 'The selling price cannot be above the MRP',
    path: ['discountPrice'],
  })
  .refine((p) => p.category !== 'men watch' || (BRANDS as readonly string[]).includes(p.brand), {
    message: 'Please choose one of the listed brands for a men watch',
    path: ['brand'],
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * What the admin form checks before saving: the API's rules, and the country of origin is
 * required, since shoppers are shown it before they buy.
 */
export const productFormSchema = productInputSchema.safeExtend({
  countryOfOrigin: countryOfOrigin.min(1, COUNTRY_OF_ORIGIN_MESSAGE),
});
