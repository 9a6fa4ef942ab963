/** The dashboard's review calls (docs/product.md#reviews; src/common/review-api.ts). */
import { reviewApi } from '../../../common/review-api.ts';
import type { RejectReason, ReviewStatus } from '../../../common/review-rules.ts';
import type { AdminReviewPage, AdminReviewReply } from '../../../common/schemas/review.ts';
import { call } from '../../lib/api-client.ts';

export function listReviews(status: ReviewStatus, page: number, signal: AbortSignal): Promise<AdminReviewPage> {
  return call(reviewApi.adminList, { query: { status, page }, signal });
}

export function publishReview(id: string): Promise<AdminReviewReply> {
  return call(reviewApi.publish, { params: { id } });
}

export function rejectReview(id: string, reason: RejectReason): Promise<AdminReviewReply> {
  return call(reviewApi.reject, { params: { id }, body: { reason } });
}

export function replyToReview(id: string, reply: string): Promise<AdminReviewReply> {
  return call(reviewApi.reply, { params: { id }, body: { reply } });
}
