/** The dashboard's after-sales calls (docs/product.md#after-sales; src/common/after-sales-api.ts). */
import { afterSalesApi } from '../../../common/after-sales-api.ts';
import { API_PREFIX, apiPath } from '../../../common/api-contract.ts';
import type {
  AdminRequestReply,
  AfterSalesPage,
  CheckRequestInput,
  DecideRequestInput,
  FinishRequestInput,
  RequestRefundInput,
  ReturnStepInput,
} from '../../../common/schemas/after-sales.ts';
import { sendPhotos } from '../../features/after-sales/after-sales-api.ts';
import { call } from '../../lib/api-client.ts';

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

export const recordRefund = (requestNumber: string, body: RequestRefundInput): Promise<AdminRequestReply> =>
  call(afterSalesApi.refund, { params: { requestNumber }, body });

/** The check's photos, multipart (field "photos"): their ids. */
export const uploadCheckPhotos = (requestNumber: string, files: readonly File[]) =>
  sendPhotos(API_PREFIX + apiPath(afterSalesApi.checkPhotos.path, { requestNumber }), files);
