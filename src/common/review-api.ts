/**
 * Verified reviews' endpoints (src/common/api-contract.ts; docs/product.md#reviews): the review
 * link's page (no log-in, the signed token is the key), a product's published reviews, and the
 * owner's REVIEWS queue. The writing form itself posts to the page's own address
 * (server/reviews/form-route.ts), with its photos. Types only: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { apiPath, endpoint } from './api-contract.ts';
import type { ReviewSort } from './review-rules.ts';
import type {
  AdminReviewPage,
  AdminReviewReply,
  adminReviewsQuerySchema,
  ProductReviews,
  productReviewsQuerySchema,
  ReviewLinkReply,
  rejectReviewSchema,
  replyReviewSchema,
} from './schemas/review.ts';

export const reviewApi = {
  link: endpoint<{ reply: ReviewLinkReply }>()('GET', '/review-link/:orderNumber/:token'),
  product: endpoint<{ reply: ProductReviews; query: z.input<typeof productReviewsQuerySchema> }>()(
    'GET',
    '/products/:id/reviews',
  ),
  adminList: endpoint<{ reply: AdminReviewPage; query: z.input<typeof adminReviewsQuerySchema> }>()(
    'GET',
    '/admin/reviews',
  ),
  publish: endpoint<{ reply: AdminReviewReply }>()('POST', '/admin/reviews/:id/publish'),
  reject: endpoint<{ reply: AdminReviewReply; body: z.input<typeof rejectReviewSchema> }>()(
    'POST',
    '/admin/reviews/:id/reject',
  ),
  reply: endpoint<{ reply: AdminReviewReply; body: z.input<typeof replyReviewSchema> }>()(
    'PUT',
    '/admin/reviews/:id/reply',
  ),
} as const;

/** The path (under /api) of a product's reviews as the page asks for them: both sides build it here. */
export function productReviewsApiPath(id: string, sort: ReviewSort, page = 1): string {
  const params = new URLSearchParams();
  if (sort !== 'newest') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return apiPath(reviewApi.product.path, { id }) + (query ? `?${query}` : '');
}
