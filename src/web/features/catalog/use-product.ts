/**
 * GET /api/products/:id and /related, and the fire-and-forget calls the product
 * page makes (view counter, WhatsApp lead).
 */
import { api } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { Product, ProductCard } from './types.ts';

export function useProduct(id: string) {
  const url = `/products/${encodeURIComponent(id)}`;
  return useResource<Product>(`catalog:${url}`, (signal) => api<Product>(url, { signal }));
}

export function useRelated(id: string) {
  const url = `/products/${encodeURIComponent(id)}/related`;
  return useResource<{ items: ProductCard[] }>(`catalog:${url}`, (signal) => api(url, { signal }));
}

/** Counts a view by the logged-in shopper (the server ignores visitors). Failures do not matter to the shopper. */
export function recordView(id: string): void {
  api(`/products/${encodeURIComponent(id)}/views`, { method: 'POST' }).catch(() => {});
}

/**
 * Records a BUY NOW chat click as a WhatsApp lead (DESIGN.md 14) without
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
