/**
 * schema.org structured data (JSON-LD) in the server HTML: a product page's Product with its
 * offer, and the home page's Organization and WebSite. Every policy figure comes from
 * common/constants.ts (docs/product.md#policy-pages), the shop's details from its settings.
 * Shapes as Google's merchant listing guide describes them
 * (https://developers.google.com/search/docs/appearance/structured-data/merchant-listing).
 */
import type { FastifyInstance } from 'fastify';
import { DELIVERY_DAYS, HANDLING_DAYS, POLICY } from '../../common/constants.ts';
import { imageUrl } from '../../common/media.ts';
import { PAGE } from '../../common/page-paths.ts';
import type { Product } from '../../common/schemas/product.ts';
import type { ProductReviews } from '../../common/schemas/review.ts';

const RETURN_POLICY_PATH = PAGE.refunds;

/** A category as a title: "men watch" is "Men Watch", "swizz eta watch" is "Swizz ETA Watch". */
export function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase()).replace(/\bEta\b/, 'ETA');
}

/** Absolute when PUBLIC_URL is set; otherwise relative, which JSON-LD resolves against the page URL. */
export function absolute(app: FastifyInstance, path: string): string {
  // A picture under S3_PUBLIC_URL is absolute already.
  return /^https?:\/\//.test(path) ? path : (app.config.publicUrl ?? '') + path;
}

/**
 * Exchange only, within POLICY.exchangeWindowHours of delivery (a day: schema.org counts whole
 * days), sent back by courier at the shopper's cost (docs/product.md#policy-pages).
 */
function returnPolicy(app: FastifyInstance) {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'IN',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: Math.ceil(POLICY.exchangeWindowHours / 24),
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    refundType: 'https://schema.org/ExchangeRefund',
    merchantReturnLink: absolute(app, RETURN_POLICY_PATH),
  };
}

/** Delivery across India at no charge ("No extra or hidden charges"), in DELIVERY_DAYS. */
function shippingDetails() {
  const days = (min: number, max: number) => ({
    '@type': 'QuantitativeValue',
    minValue: min,
    maxValue: max,
    unitCode: 'DAY',
  });
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'INR' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(0, HANDLING_DAYS),
      transitTime: days(DELIVERY_DAYS.min - HANDLING_DAYS, DELIVERY_DAYS.max - HANDLING_DAYS),
    },
  };
}

/**
 * The rating of a product from its published reviews only (docs/product.md#reviews): the average
 * and count the product row keeps (reviews/moderation.ts), and the reviews on the page's first
 * screen of them. A rating from elsewhere ("Amazon 4.3") is never here: search engines take only
 * ratings the page's own reviews stand behind. Every value is the writer's text as it is: the
 * shell escapes the JSON for its script element (shell.ts jsonForScript).
 */
function ratingJsonLd(p: Product, reviews: ProductReviews | null): Record<string, unknown> {
  if (!reviews || p.reviewsCount <= 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: p.stars,
      reviewCount: p.reviewsCount,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: r.displayName },
      reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** A product's data, with its buyers' rating when it has published reviews. */
export function productJsonLd(
  app: FastifyInstance,
  p: Product,
  path: string,
  reviews: ProductReviews | null = null,
): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description || p.name,
    sku: p.id,
    category: titleCase(p.category),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    // Shown before purchase, as the e-commerce rules ask (docs/product.md#country-of-origin).
    ...(p.countryOfOrigin ? { countryOfOrigin: { '@type': 'Country', name: p.countryOfOrigin } } : {}),
    ...(p.images.length ? { image: p.images.slice(0, 4).map((id) => absolute(app, imageUrl(id, 960))) } : {}),
    offers: {
      '@type': 'Offer',
      url: absolute(app, path),
      priceCurrency: 'INR',
      price: p.discountPrice,
      // The MRP the page strikes through, when the watch sells below it.
      ...(p.price > p.discountPrice
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: p.price,
              priceCurrency: 'INR',
            },
          }
        : {}),
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      hasMerchantReturnPolicy: returnPolicy(app),
      shippingDetails: shippingDetails(),
    },
    ...ratingJsonLd(p, reviews),
  };
}

/** The home page's data: the shop as an Organization, and the site with its search. */
export function homeJsonLd(app: FastifyInstance): unknown {
  const { name, legalName, phone, email, address } = app.config.shop;
  const home = absolute(app, '/');
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${home}#organization`,
        name,
        legalName,
        url: home,
        email,
        telephone: phone,
        address,
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: phone, email },
        hasMerchantReturnPolicy: returnPolicy(app),
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name,
        url: home,
        publisher: { '@id': `${home}#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${absolute(app, PAGE.explore)}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
