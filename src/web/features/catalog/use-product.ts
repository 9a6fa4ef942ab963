/**
 * GET /api/products/:id and /related, and the fire-and-forget calls the product
 * page makes (view counter, WhatsApp lead).
 */
import { productApiPath } from '../../../common/catalog-api.ts';
import { api } from '../../lib/api-client.ts';
import type { Product, ProductCard } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export function useProduct(id: string) {
  return useCatalogAnswer<Product>(productApiPath(id));
}

export function useRelated(id: string) {
  return useCatalogAnswer<{ items: ProductCard[] }>(`${productApiPath(id)}/related`);
}

/** Counts a view by the logged-in shopper (the server ignores visitors). Failures do not matter to the shopper. */
export function recordView(id: string): void {
  api(`${productApiPath(id)}/views`, { method: 'POST' }).catch(() => {});
}

/**
 * Records a BUY NOW chat click as a WhatsApp lead (docs/product.md#better-14) without
 * delaying the link: sendBeacon survives the page opening WhatsApp.
 */
export function recordWhatsappClick(productId: string): void {
  const body = JSON.stringify({ productId });
  const sent =
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon('/api/leads/whatsapp-click', new Blob([body], { type: 'application/json' }));
  if (!sent) api('/leads/whatsapp-click', { method: 'POST', body: { productId } }).catch(() => {});
}
