/**
 * The product form's state: text as typed (numbers too, so a half-typed price
 * is kept), converted to the shared ProductInput on submit. Defaults follow
 * the upload form in docs/product.md#admin-products.
 */
import { DEFAULT_FEATURE_NAMES } from '../../../common/catalog.ts';
import { type AdminProduct, DEFAULT_HSN, type ProductInput } from '../../../common/schemas/product.ts';
import { DEFAULT_UQC } from '../../../common/uqc.ts';

export interface ProductForm {
  name: string;
  brand: string;
  category: string;
  price: string;
  discountPrice: string;
  description: string;
  images: string[];
  colorImages: Array<{ color: string; image: string }>;
  features: Array<{ name: string; description: string }>;
  tags: string[];
  /** A rating from elsewhere: shown on the product page only with its source (docs/product.md#reviews). */
  outsideRatingSource: string;
  outsideRating: string;
  outsideRatingCount: string;
  status: string;
  spinningText: string;
  inStock: boolean;
  /** Watches left as typed; empty when the owner does not count them. */
  stockCount: string;
  videoUrl: string;
  hsnCode: string;
  uqc: string;
  countryOfOrigin: string;
  /** The parcel as typed; empty: the shop's default (PARCEL_DEFAULT_*). */
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
}

const measureText = (v: number | null) => (v === null ? '' : String(v));
/** Empty: null (the shop's default); anything else is checked as a number by the schema. */
const measureValue = (text: string) => (text.trim() === '' ? null : Number(text));

export function blankForm(): ProductForm {
  return {
    name: '',
    brand: '',
    category: '',
    price: '0',
    discountPrice: '0',
    description: '',
    images: [],
    colorImages: [],
    features: DEFAULT_FEATURE_NAMES.map((name) => ({ name, description: '' })),
    tags: [],
    outsideRatingSource: '',
    outsideRating: '',
    outsideRatingCount: '',
    status: '',
    spinningText: '',
    inStock: true,
    stockCount: '',
    videoUrl: '',
    hsnCode: DEFAULT_HSN,
    uqc: DEFAULT_UQC,
    countryOfOrigin: '',
    weightGrams: '',
    lengthCm: '',
    breadthCm: '',
    heightCm: '',
  };
}

export function formFromProduct(p: AdminProduct): ProductForm {
  return {
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: String(p.price),
    discountPrice: String(p.discountPrice),
    description: p.description,
    images: p.images,
    colorImages: p.colorImages,
    features: p.features.length > 0 ? p.features : blankForm().features,
    tags: p.tags,
    outsideRatingSource: p.outsideRatingSource,
    outsideRating: measureText(p.outsideRatingValue),
    outsideRatingCount: measureText(p.outsideRatingCount),
    status: p.status,
    spinningText: p.spinningText,
    inStock: p.inStock,
    stockCount: p.stockCount === null ? '' : String(p.stockCount),
    videoUrl: p.videoUrl,
    hsnCode: p.hsnCode,
    uqc: p.uqc,
    countryOfOrigin: p.countryOfOrigin,
    weightGrams: measureText(p.weightGrams),
    lengthCm: measureText(p.lengthCm),
    breadthCm: measureText(p.breadthCm),
    heightCm: measureText(p.heightCm),
  };
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the schema checks; empty feature rows are dropped (the defaults are a template). */
export function inputFromForm(f: ProductForm): Record<keyof ProductInput, unknown> {
  return {
    name: f.name,
    brand: f.brand,
    category: f.category,
    price: num(f.price),
    discountPrice: num(f.discountPrice),
    description: f.description,
    images: f.images,
    colorImages: f.colorImages.filter((c) => c.image),
    features: f.features.filter((row) => row.name.trim() || row.description.trim()),
    tags: f.tags,
    outsideRatingSource: f.outsideRatingSource,
    // Without a source nothing is kept: the figures go with it (issue 38: no unlabelled number).
    outsideRating: f.outsideRatingSource.trim() ? measureValue(f.outsideRating) : null,
    outsideRatingCount: f.outsideRatingSource.trim() ? measureValue(f.outsideRatingCount) : null,
    status: f.status,
    spinningText: f.spinningText,
    inStock: f.inStock,
    // Empty: not counted (null); anything else is checked as a number by the schema.
    stockCount: f.stockCount.trim() === '' ? null : Number(f.stockCount),
    videoUrl: f.videoUrl,
    hsnCode: f.hsnCode,
    uqc: f.uqc,
    countryOfOrigin: f.countryOfOrigin,
    weightGrams: measureValue(f.weightGrams),
    lengthCm: measureValue(f.lengthCm),
    breadthCm: measureValue(f.breadthCm),
    heightCm: measureValue(f.heightCm),
  };
}
