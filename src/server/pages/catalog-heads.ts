/**
 * Head tags for product and listing URLs (DESIGN.md 15): the title, description,
 * first image and price a link preview shows, plus Product structured data.
 */
import type { FastifyInstance } from 'fastify';
import { brandFromSlug, categoryFromSlug, listingPath, productPath } from '../../common/catalog.ts';
import { POLICY } from '../../common/constants.ts';
import { imageUrl } from '../../common/media.ts';
import { formatRupees } from '../../common/money.ts';
import type { Product } from '../../common/schemas/product.ts';
import { truncate } from '../../common/text.ts';
import { findProduct } from '../catalog/queries.ts';
import { parseJsonList } from '../db/json.ts';
import { defaultHead, type PageHead } from './head.ts';

/** Ids are 20 lowercase base32 characters (db/ids.ts); other two-part paths are not products. */
const PRODUCT_ID = /^[0-9a-z]{20}$/;

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase()).replace(/\bEta\b/, 'ETA');
}

/** Absolute when PUBLIC_URL is set; otherwise relative, which JSON-LD resolves against the page URL. */
function absolute(app: FastifyInstance, path: string): string {
  return (app.config.publicUrl ?? '') + path;
}

function productJsonLd(app: FastifyInstance, p: Product, path: string): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description || p.name,
    sku: p.id,
    category: titleCase(p.category),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.images.length ? { image: p.images.slice(0, 4).map((id) => absolute(app, imageUrl(id, 960))) } : {}),
    ...(p.reviewsCount > 0 && p.stars > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.stars, reviewCount: p.reviewsCount } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: absolute(app, path),
      priceCurrency: 'INR',
      price: p.discountPrice,
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

export async function productHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const parts = path.split('/');
  if (parts.length !== 3 || !parts[1] || !parts[2] || !PRODUCT_ID.test(parts[1])) return null;
  const product = await findProduct(app.db, parts[1]);
  const { name: shop } = app.config.shop;
  if (!product) {
    return {
      ...defaultHead(app, path),
      title: `Watch not found | ${shop}`,
      description: 'This watch is no longer in the shop. Browse our other watches with cash on delivery across India.',
      canonicalPath: '/product',
      status: 404,
    };
  }
  const canonical = productPath(product);
  const price =
    product.price > product.discountPrice
      ? `${formatRupees(product.discountPrice)} (MRP ${formatRupees(product.price)})`
      : formatRupees(product.discountPrice);
  return {
    title: `${product.name} | ${shop}`,
    description: truncate(`${price}. ${product.description || product.name}`.replace(/\s+/g, ' '), 180),
    canonicalPath: canonical,
    ...(product.images[0] ? { image: imageUrl(product.images[0], 960) } : {}),
    type: 'product',
    jsonLd: productJsonLd(app, product, canonical),
  };
}

export async function listingHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'product' || parts.length > 3) return null;
  const category = parts[1] ? categoryFromSlug(parts[1]) : null;
  const brand = parts[2] ? brandFromSlug(parts[2]) : null;
  const known = (!parts[1] || category) && (!parts[2] || brand);
  const { name: shop } = app.config.shop;
  if (!known) {
    return { ...defaultHead(app, path), title: `Shop watches | ${shop}`, canonicalPath: '/product' };
  }
  let query = app.db
    .selectFrom('products')
    .where('deleted_at', 'is', null)
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('discount_price').as('lowest')]);
  if (category) query = query.where('category', '=', category);
  if (brand) query = query.where('brand', '=', brand);
  let newest = app.db.selectFrom('products').select('images').where('deleted_at', 'is', null);
  if (category) newest = newest.where('category', '=', category);
  if (brand) newest = newest.where('brand', '=', brand);
  const [stats, latest] = await Promise.all([
    query.executeTakeFirst(),
    newest.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const count = Number(stats?.n ?? 0);
  const what = [brand, category ? titleCase(category) : null].filter(Boolean).join(' ');
  const heading = what ? `${what}es` : 'All watches';
  const from = count > 0 && stats?.lowest != null ? ` from ${formatRupees(Number(stats.lowest))}` : '';
  const firstImage = latest ? parseJsonList<string>(latest.images)[0] : undefined;
  return {
    title: `${heading} | ${shop}`,
    description: `${count.toLocaleString('en-IN')} ${what ? `${what.toLowerCase()}es` : 'watches'}${from}. Cash on delivery across India with only ${formatRupees(POLICY.codAdvance)} advance.`,
    canonicalPath: listingPath(category, brand),
    ...(firstImage ? { image: imageUrl(firstImage, 960) } : {}),
    type: 'website',
  };
}
