/**
 * The after-sales endpoints (src/common/api-contract.ts; docs/product.md#after-sales): the shopper's
 * requests on a delivered order and the owner's AFTER-SALES queue. The photo upload's body is
 * multipart (field "photos", at most MAX_REQUEST_PHOTOS files), so its contract types the reply
 * only. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type {
  AdminRequestReply,
  AfterSalesPage,
  AfterSalesRequestInput,
  afterSalesListQuerySchema,
  CheckRequestInput,
  DecideRequestInput,
  FinishRequestInput,
  OrderAfterSales,
  PhotoUploadReply,
  RequestRefundInput,
  ReturnStepInput,
} from './schemas/after-sales.ts';

export const afterSalesApi = {
  /** The order's windows and each line's request. */
  forOrder: endpoint<{ reply: OrderAfterSales }>()('GET', '/orders/:orderNumber/after-sales'),
  /** Asks an exchange or reports a problem on one line; answers the order's after-sales as it now is. */
  ask: endpoint<{ reply: OrderAfterSales; body: AfterSalesRequestInput }>()(
    'POST',
    '/orders/:orderNumber/after-sales',
    201,
  ),
  /** Stores a problem report's photos (each decoded, stripped of metadata, written as WebP); answers their ids. */
  photos: endpoint<{ reply: PhotoUploadReply }>()('POST', '/orders/:orderNumber/after-sales/photos', 201),

  list: endpoint<{ reply: AfterSalesPage; query: z.input<typeof afterSalesListQuerySchema> }>()(
    'GET',
    '/admin/after-sales',
  ),
  decide: endpoint<{ reply: AdminRequestReply; body: DecideRequestInput }>()(
    'POST',
    '/admin/after-sales/:requestNumber/decision',
  ),
  returnStep: endpoint<{ reply: AdminRequestReply; body: ReturnStepInput }>()(
    'POST',
    '/admin/after-sales/:requestNumber/return-step',
  ),
  check: endpoint<{ reply: AdminRequestReply; body: CheckRequestInput }>()(
    'POST',
    '/admin/after-sales/:requestNumber/check',
  ),
  /** The owner's check photos (the same processing as the shopper's). */
  checkPhotos: endpoint<{ reply: PhotoUploadReply }>()('POST', '/admin/after-sales/:requestNumber/photos', 201),
  finish: endpoint<{ reply: AdminRequestReply; body: FinishRequestInput }>()(
    'POST',
    '/admin/after-sales/:requestNumber/finish',
  ),
  /** Records the refund of a problem report that ends in one (the one settlement path: settlements/). */
  refund: endpoint<{ reply: AdminRequestReply; body: RequestRefundInput }>()(
    'POST',
    '/admin/after-sales/:requestNumber/refund',
  ),
} as const;
