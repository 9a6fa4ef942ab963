/**
 * The prefilled WhatsApp message for BUY NOW and share (docs/product.md#product-page): name,
 * specifications, price in rupees, the product URL and the closing sentence.
 */
import { productPath } from '../../../common/catalog.ts';
import { formatRupees } from '../../../common/money.ts';
import { whatsappLink } from '../../../common/site.ts';
import { pageOrigin } from '../../lib/page-data.ts';
import { site } from '../../lib/site.ts';
import type { Product } from './types.ts';

export type ChatIntent = 'buy' | 'know-more';

export function productChatMessage(product: Product, intent: ChatIntent, origin = pageOrigin()): string {
  const specs = product.features.filter((f) => f.name && f.description).map((f) => `${f.name}: ${f.description}`);
  return [
    product.name,
    ...specs,
    `Price: ${formatRupees(product.discountPrice)}`,
    origin + productPath(product),
    '',
    intent === 'buy' ? 'I want to buy this Watch!' : 'I want to know more about this Watch!',
  ].join('\n');
}

export function productChatLink(product: Product, intent: ChatIntent): string {
  return whatsappLink(site().whatsapp, productChatMessage(product, intent));
}
