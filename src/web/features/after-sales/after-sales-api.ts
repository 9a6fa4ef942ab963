/** The shopper's after-sales calls (src/common/after-sales-api.ts; docs/product.md#after-sales). */
import { afterSalesApi } from '../../../common/after-sales-api.ts';
import { API_PREFIX, apiPath } from '../../../common/api-contract.ts';
import { catalogApi } from '../../../common/catalog-api.ts';
import { isApiErrorBody } from '../../../common/errors.ts';
import type { AfterSalesRequestInput } from '../../../common/schemas/after-sales.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';

/** Keyed under the shopper's orders ("orders:"), so placing an order or logging out forgets it too. */
export function useAfterSales(orderNumber: string, userId: string) {
  return useResource(`orders:${userId}:after-sales:${orderNumber}`, (signal) =>
    call(afterSalesApi.forOrder, { params: { orderNumber }, signal }),
  );
}

export const askAfterSales = (orderNumber: string, body: AfterSalesRequestInput) =>
  call(afterSalesApi.ask, { params: { orderNumber }, body });

/** Watches to exchange for: the shop's own search. */
export const searchWatches = (q: string, signal?: AbortSignal) =>
  call(catalogApi.search, { query: { q }, ...(signal ? { signal } : {}) });

/** Sends up to 4 photos as multipart (field "photos") to the shopper's or the owner's photo endpoint; their ids. */
export async function sendPhotos(url: string, files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(
      0,
      'network',
      'The photos could not reach the shop. Please check your connection and try again.',
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 201 && body && typeof body === 'object' && 'photos' in body) {
    return (body as { photos: string[] }).photos;
  }
  if (isApiErrorBody(body)) throw new ApiError(res.status, body.error.code, body.error.message, body.error.fields);
  if (res.status === 413)
    throw new ApiError(413, 'too_large', 'These photos are too large: each must be at most 8 MB.');
  throw new ApiError(res.status, 'http', `The photos could not be sent (error ${res.status}). Please try again.`);
}

/** A problem report's photos, before the report itself. */
export const uploadPhotos = (orderNumber: string, files: readonly File[]) =>
  sendPhotos(API_PREFIX + apiPath(afterSalesApi.photos.path, { orderNumber }), files);
