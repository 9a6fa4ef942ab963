/** Verified reviews' API shapes (common/review-api.ts; docs/decisions/066-verified-reviews.md). */
import { z } from 'zod';
import { IMAGE_ID_PATTERN } from '../media.ts';
import {
  REJECT_REASON_KEYS,
  REVIEW_NAME_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from '../review-rules.ts';
import { plainText } from './from-rules.ts';

/** A published review as anyone reads it: no order, phone or account, only the writer's chosen name. */
export const publicReviewSchema = z.object({
  id: z.string(),
  stars: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  displayName: z.string(),
  photos: z.array(z.string()),
  createdAt: z.string(),
  /** The shop's public answer, shown under the review. */
  reply: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const productReviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /products/:id/reviews: the summary of every published rating, and one page of reviews. */
export const productReviewsSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** Published reviews of 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number().int()).length(5),
  sort: z.enum(REVIEW_SORTS),
  page: z.number().int(),
  pages: z.number().int(),
  items: z.array(publicReviewSchema),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** The writer's own review, as the link's page shows it back. */
export const ownReviewSchema = z.object({
  stars: z.number().int(),
  title: z.string(),
  body: z.string(),
  displayName: z.string(),
  photos: z.array(z.string()),
  status: z.enum(REVIEW_STATUSES),
  /** The policy's words for why it was not published; null unless rejected. */
  rejectReason: z.string().nullable(),
  reply: z.string().nullable(),
  /** Until when its writer may change it (REVIEW_EDIT_DAYS after it was first written). */
  editableUntil: z.string(),
  editable: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /review-link/:orderNumber/:token: the order's watches, each with its review when written. */
export const reviewLinkReplySchema = z.object({
  orderNumber: z.string(),
  /** The name a new review shows unless changed: first name and initial. */
  defaultName: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      productId: z.string(),
      productName: z.string(),
      image: z.string(),
      review: ownReviewSchema.nullable(),
    }),
  ),
});
export type ReviewLinkReply = z.infer<typeof reviewLinkReplySchema>;

export const reviewLinkParamsSchema = z.object({
  orderNumber: z.string().min(1).max(40),
  token: z.string().min(1).max(64),
});

/** What the writing form posts (its photos come as files beside it: reviews/form-route.ts). */
export const reviewInputSchema = z.object({
  lineNo: z.coerce.number('Please choose a watch').int('Please choose a watch').min(1).max(1000),
  stars: z.coerce
    .number('Please choose from 1 to 5 stars')
    .int('Please choose from 1 to 5 stars')
    .min(1, 'Please choose from 1 to 5 stars')
    .max(5, 'Please choose from 1 to 5 stars'),
  title: plainText(z.string().trim(), 'line')
    .min(1, 'Please give your review a title')
    .max(REVIEW_TITLE_MAX, `The title can have at most ${REVIEW_TITLE_MAX} characters`),
  text: plainText(z.string().trim(), 'lines')
    .min(1, 'Please write a few words about the watch')
    .max(REVIEW_TEXT_MAX, `The review can have at most ${REVIEW_TEXT_MAX} characters`),
  displayName: plainText(z.string().trim(), 'line')
    .min(1, 'Please give the name your review shows')
    .max(REVIEW_NAME_MAX, `The name can have at most ${REVIEW_NAME_MAX} characters`),
  /** Photos already on the review that stay (an edit); new ones come as files. */
  keepPhotos: z.array(z.string().regex(IMAGE_ID_PATTERN, 'Unknown photo')).max(4).default([]),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  orderNumber: z.string(),
  stars: z.number().int(),
  title: z.string(),
  body: z.string(),
  displayName: z.string(),
  photos: z.array(z.string()),
  status: z.enum(REVIEW_STATUSES),
  rejectReason: z.enum(REJECT_REASON_KEYS).nullable(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminReviewPageSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;
export const adminReviewParamsSchema = z.object({ id: z.string().min(1).max(40) });
export const adminReviewReplySchema = z.object({ review: adminReviewSchema });
export type AdminReviewReply = z.infer<typeof adminReviewReplySchema>;

export const rejectReviewSchema = z.object({
  reason: z.enum(REJECT_REASON_KEYS, 'Please choose the rule the review breaks'),
});
export const replyReviewSchema = z.object({
  reply: plainText(z.string().trim(), 'lines')
    .min(1, 'Please write the reply')
    .max(REVIEW_REPLY_MAX, `The reply can have at most ${REVIEW_REPLY_MAX} characters`),
});
