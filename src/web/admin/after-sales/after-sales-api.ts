/** The dashboard's after-sales calls (docs/product.md#after-sales; src/common/after-sales-api.ts). */
import { afterSalesApi } from '../../../common/after-sales-api.ts';
import { API_PREFIX, apiPath } from '../../../common/api-contract.ts';
import { isApiErrorBody } from '../../../common/errors.ts';
import type {
  AdminRequestReply,
  AfterSalesPage,
  CheckRequestInput,
  DecideRequestInput,
  FinishRequestInput,
  ReturnStepInput,
} from '../../../common/schemas/after-sales.ts';
import { ApiError, call } from '../../lib/api-client.ts';

export const listRequests = (view: 'open' | 'all', page: number, signal: AbortSignal): Promise<AfterSalesPage> =>
  call(afterSalesApi.list, { query: { view, page }, signal });

export const decide = (requestNumber: string, body: DecideRequestInput): Promise<AdminRequestReply> =>
  call(afterSalesApi.decide, { params: { requestNumber }, body });

export const moveStep = (requestNumber: string, body: ReturnStepInput): Promise<AdminRequestReply> =>
  call(afterSalesApi.returnStep, { params: { requestNumber }, body });

export const check = (requestNumber: string, body: CheckRequestInput): Promise<AdminRequestReply> =>
  call(afterSalesApi.check, { params: { requestNumber }, body });

export const finish = (requestNumber: string, body: FinishRequestInput): Promise<AdminRequestReply> =>
  call(afterSalesApi.finish, { params: { requestNumber }, body });

/** The check's photos, multipart (field "photos"): their ids. */
export async function uploadCheckPhotos(requestNumber: string, files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const res = await fetch(API_PREFIX + apiPath(afterSalesApi.checkPhotos.path, { requestNumber }), {
    method: afterSalesApi.checkPhotos.method,
    body: form,
    headers: { accept: 'application/json' },
  }).catch(() => {
    throw new ApiError(0, 'network', 'The photos could not reach the shop. Please try again.');
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.status === afterSalesApi.checkPhotos.status && body && typeof body === 'object' && 'photos' in body) {
    return (body as { photos: string[] }).photos;
  }
  if (isApiErrorBody(body)) throw new ApiError(res.status, body.error.code, body.error.message, body.error.fields);
  throw new ApiError(res.status, 'http', `The photos could not be sent (error ${res.status}).`);
}
