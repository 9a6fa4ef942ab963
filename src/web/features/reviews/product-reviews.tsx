/**
 * The product page's reviews (docs/product.md#reviews; issue 38): the average, count and
 * distribution of every published rating, the reviews newest or with photos first, ten a page,
 * each marked "Verified buyer" with the shop's reply under it, and a rating from elsewhere only
 * with its source. Plain server-rendered markup: the order and the pages are links in the address
 * (?reviews=photos&reviews-page=2), which work without the script; photos are small and lazy.
 */
import { formatDate } from '../../../common/india-time.ts';
import { imageUrl } from '../../../common/media.ts';
import { groupIndian } from '../../../common/money.ts';
import { PAGE } from '../../../common/page-paths.ts';
import { productReviewsApiPath, reviewApi } from '../../../common/review-api.ts';
import { REVIEW_QUERY, type ReviewSort, ratingText, reviewSortFromQuery } from '../../../common/review-rules.ts';
import type { Product } from '../../../common/schemas/product.ts';
import type { PublicReview } from '../../../common/schemas/review.ts';
import { Link, useLocation } from '../../lib/router/index.ts';
import { StaticPart } from '../../lib/static-part.tsx';
import { useCatalogAnswer } from '../catalog/use-catalog-answer.ts';
import { ReviewStars } from './review-stars.tsx';

const SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest first', photos: 'With photos first' };

function reviewsHref(pathname: string, sort: ReviewSort, page: number): string {
  const params = new URLSearchParams();
  if (sort !== 'newest') params.set(REVIEW_QUERY.sort, sort);
  if (page > 1) params.set(REVIEW_QUERY.page, String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}#reviews`;
}

function Distribution({ counts, total }: { counts: number[]; total: number }) {
  return (
    <ul className="reviews-distribution" aria-label="Ratings by stars">
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = counts[stars - 1] ?? 0;
        const share = total > 0 ? Math.round((n / total) * 100) : 0;
        return (
          <li key={stars}>
            <span className="reviews-distribution-label">{stars} star</span>
            {/* A bar drawn in SVG: its width is an attribute (no inline style under the CSP). */}
            <svg
              className="reviews-bar"
              viewBox="0 0 100 8"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect className="reviews-bar-track" width="100" height="8" />
              <rect className="reviews-bar-fill" width={share} height="8" />
            </svg>
            <span className="reviews-distribution-count">
              {groupIndian(n)}
              <span className="visually-hidden"> {n === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <li className="review-card">
      <article aria-label={`Review by ${review.displayName}`}>
        <ReviewStars stars={review.stars} />
        <h3 className="review-title">{review.title}</h3>
        <p className="review-meta">
          <span className="review-verified">Verified buyer</span> {review.displayName},{' '}
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </p>
        <p className="review-body">{review.body}</p>
        {review.photos.length > 0 && (
          <ul className="review-photos" aria-label="Buyer’s photos">
            {review.photos.map((photo, i) => (
              <li key={photo}>
                <a href={imageUrl(photo, 960)}>
                  <img
                    src={imageUrl(photo, 240)}
                    alt={`The watch as ${review.displayName} received it, ${i + 1} of ${review.photos.length}`}
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {review.reply && (
          <p className="review-reply">
            <strong>Reply from the shop:</strong> {review.reply}
          </p>
        )}
      </article>
    </li>
  );
}

export function ProductReviews({ product }: { product: Product }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const sort = reviewSortFromQuery(query.get('reviews'));
  const page = Math.max(1, Number.parseInt(query.get('reviews-page') ?? '1', 10) || 1);
  const { data, error } = useCatalogAnswer(reviewApi.product, productReviewsApiPath(product.id, sort, page));
  const outside = product.outsideRating;
  return (
    <section id="reviews" className="product-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews from buyers</h2>
      {error && (
        <p className="message message-error" role="alert">
          {error}
        </p>
      )}
      {data && data.count === 0 && (
        <p className="reviews-none">
          No reviews yet. Only buyers can review a watch, after it is delivered (
          <Link to={PAGE.reviewsPolicy}>reviews policy</Link>).
        </p>
      )}
      {data && data.count > 0 && (
        <div className="reviews-summary">
          <p className="reviews-average">
            <span className="reviews-average-figure">{ratingText(data.average)}</span>
            <span>
              out of 5 from {groupIndian(data.count)} {data.count === 1 ? 'review' : 'reviews'} by buyers
            </span>
          </p>
          <Distribution counts={data.distribution} total={data.count} />
        </div>
      )}
      {outside && (
        <p className="reviews-outside">
          On {outside.source}: {ratingText(outside.rating)} out of 5 from {groupIndian(outside.count)} ratings (not part
          of our buyers’ average).
        </p>
      )}
      {data && data.count > 0 && (
        <>
          <nav className="reviews-sort" aria-label="Order of reviews">
            {(Object.keys(SORT_LABELS) as ReviewSort[]).map((s) => (
              <Link
                key={s}
                className="chip"
                to={reviewsHref(pathname, s, 1)}
                aria-current={s === sort ? 'true' : undefined}
              >
                {SORT_LABELS[s]}
              </Link>
            ))}
          </nav>
          <ol className="reviews-list">
            {/* Words, stars and a date: the server's HTML, never hydrated (decision 067). */}
            {data.items.map((r) => (
              <StaticPart key={r.id}>
                <ReviewCard review={r} />
              </StaticPart>
            ))}
          </ol>
          {data.pages > 1 && (
            <nav className="reviews-pages" aria-label="Pages of reviews">
              {page > 1 && (
                <Link className="btn btn-ghost" to={reviewsHref(pathname, sort, page - 1)}>
                  Newer reviews
                </Link>
              )}
              <span>
                Page {page} of {data.pages}
              </span>
              {page < data.pages && (
                <Link className="btn btn-ghost" to={reviewsHref(pathname, sort, page + 1)}>
                  Older reviews
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
