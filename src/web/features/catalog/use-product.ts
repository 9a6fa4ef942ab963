/**
 * GET /api/products/:id and /related, and the fire-and-forget calls the product
 * page makes (view counter, WhatsApp lead).
 */
import { API_PREFIX } from '../../../common/api-contract.ts';
import { catalogApi, productApiPath, relatedApiPath } from '../../../common/catalog-api.ts';
import { leadApi } from '../../../common/lead-api.ts';
import { call } from '../../lib/api-client.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export function useProduct(id: string) {
  return useCatalogAnswer(catalogApi.product, productApiPath(id));
}

export function useRelated(id: string) {
  return useCatalogAnswer(catalogApi.related, relatedApiPath(id));
}

/** Counts a view by the logged-in shopper (the server ignores visitors). Failures do not matter to the shopper. */
export function recordView(id: string): void {
  call(catalogApi.view, { params: { id } }).catch(() => {});
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
    navigator.sendBeacon(API_PREFIX + leadApi.whatsappClick.path, new Blob([body], { type: 'application/json' }));
  if (!sent) call(leadApi.whatsappClick, { body: { productId } }).catch(() => {});
}
