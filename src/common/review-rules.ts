/**
 * Verified reviews (docs/product.md#reviews; docs/decisions/066-verified-reviews.md): the rules the
 * shop states on its reviews policy page (features/policies/reviews.tsx) and the server and the
 * screens apply, in one place so the page, the owner's queue and the checks cannot drift apart.
 * No zod here: the storefront reads it.
 */
import { plainLine } from './text.ts';

/** Photos one review may carry (issue 38). */
export const REVIEW_PHOTOS_MAX = 4;
/** A photo's largest size before it is processed like a product picture (media/store.ts). */
export const REVIEW_PHOTO_BYTES = 8 * 1024 * 1024;
/**
 * A photo's shorter side at least this many pixels: the home page shows a buyer's photo up to 390 px
 * wide, and two a row on a phone at three device pixels a point need 480; a smaller one would show
 * blurred. Any phone camera's photo is several times larger.
 */
export const REVIEW_PHOTO_MIN_PX = 480;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 40;
/** The owner's answer in the queue, and the moderation's promise the policy page states. */
export const REVIEW_REPLY_MAX = 1000;
export const MODERATION_DAYS = 2;
/** The one reminder goes this many days after the request when no review came. */
export const REVIEW_REMINDER_DAYS = 4;
/** Reviews on one page of the product's list. */
export const REVIEWS_PER_PAGE = 10;

/**
 * Why a review is not published: the policy page lists exactly these, and the writer is told the
 * chosen one's words. Nothing here is about the rating: every rating that keeps the rules counts.
 */
export const REJECT_REASONS = {
  abuse: 'It holds abuse, threats or hateful words.',
  'personal-data': 'It holds personal data (a phone number, an address, an email, someone’s full name).',
  'off-topic': 'It is off-topic: advertising, links or text unrelated to buying this watch.',
  'not-about-product': 'It is not about the watch or this shop’s service of the order.',
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;
export const REJECT_REASON_KEYS = Object.keys(REJECT_REASONS) as RejectReason[];

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** How the product page orders its reviews (?reviews= in the page's address; newest by default). */
export const REVIEW_SORTS = ['newest', 'photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** The product page's address names its reviews' order and page: ?reviews=photos&reviews-page=2. */
export const REVIEW_QUERY = { sort: 'reviews', page: 'reviews-page' } as const;

export function reviewSortFromQuery(value: string | null | undefined): ReviewSort {
  return value === 'photos' ? 'photos' : 'newest';
}

/**
 * The name a review shows by default: the first name and the initial of the last ("Priya M."),
 * from the order's name, letters only, so no number or link of a stranger's rides in on it.
 */
export function defaultDisplayName(fullName: string): string {
  const words = plainLine(fullName)
    .split(' ')
    .map((w) => w.replace(/[^\p{L}\p{M}'-]/gu, ''))
    .filter((w) => /\p{L}/u.test(w));
  const [first, ...rest] = words;
  if (!first) return 'Verified buyer';
  const last = rest.at(-1);
  const name = last ? `${first} ${Array.from(last)[0]?.toUpperCase()}.` : first;
  return Array.from(name).slice(0, REVIEW_NAME_MAX).join('');
}

/** "4.3": an average as pages and cards write it (one decimal). */
export function ratingText(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** The id of one watch's review form (the page's anchor and its posted refusal's key). */
export function reviewFormId(lineNo: number | string): string {
  return `review-${lineNo}`;
}
