/**
 * The home page's "What our customers say" (docs/product.md#home): buyers' published reviews with
 * photos, the newest of each watch (reviews/queries.ts homePhotoReviews). Each card shows the
 * buyer's first photo, the stars (read out as "Rated 4 out of 5"), the review's title, who wrote it
 * marked "Verified buyer", and a link to the watch. Every word is the buyer's and stays text.
 * Below the fold: the photos load lazily and at low priority.
 */
import { productPath } from '../../../common/catalog.ts';
import { imageSrcSet, imageUrl } from '../../../common/media.ts';
import type { HomeReview } from '../../../common/schemas/home.ts';
import { Link } from '../../lib/router/index.ts';
import { ReviewStars } from './review-stars.tsx';

export function HomeReviews({ reviews }: { reviews: HomeReview[] }) {
  return (
    <section aria-labelledby="reviews-heading">
      <div className="section-heading">
        <h2 id="reviews-heading">What our customers say</h2>
      </div>
      <ul className="review-list">
        {reviews.map((r) => (
          <li key={r.product.id}>
            <figure className="home-review card">
              <img
                src={imageUrl(r.image, 480)}
                // Review photos are stored in every width like product pictures (media/store.ts).
                srcSet={imageSrcSet(r.image, [240, 480, 960])}
                // Three a row from 800 px (at most 390 px in the 1240 px container), two on a phone.
                sizes="(min-width: 1240px) 390px, (min-width: 800px) calc((100vw - 72px) / 3), calc((100vw - 44px) / 2)"
                width={480}
                height={480}
                alt={`${r.product.name}, photographed by ${r.name}`}
                loading="lazy"
                fetchPriority="low"
              />
              <figcaption>
                <ReviewStars stars={r.stars} />
                <blockquote className="home-review-quote">
                  <p>“{r.quote}”</p>
                </blockquote>
                <p className="home-review-by">
                  {r.name}, <span className="home-review-verified">Verified buyer</span>
                </p>
                <Link className="home-review-watch" to={productPath(r.product)}>
                  {r.product.name}
                </Link>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
