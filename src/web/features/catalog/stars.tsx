import { useId } from 'react';
import { groupIndian } from '../../../common/money.ts';
import { ratingText } from '../../../common/review-rules.ts';

const STAR = '10,1 12.6,7.2 19.3,7.6 14.2,11.9 15.8,18.5 10,15 4.2,18.5 5.8,11.9 0.7,7.6 7.4,7.2';
const FIVE = [0, 20, 40, 60, 80].map((x) => <polygon key={x} points={STAR} transform={`translate(${x} 0)`} />);

/**
 * Five stars, gold cut to the rating: grey stars with gold ones on top. Drawn in SVG, so the cut is
 * an attribute: the server's HTML may carry no inline style (the content security policy).
 */
export function StarIcons({ stars }: { stars: number }) {
  const clip = useId();
  const percent = Math.max(0, Math.min(100, (stars / 5) * 100));
  return (
    <svg className="catalog-stars-icons" viewBox="0 0 100 20" aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <rect width={percent} height="20" />
      </clipPath>
      <g className="catalog-stars-empty">{FIVE}</g>
      <g className="catalog-stars-fill" clipPath={`url(#${clip})`}>
        {FIVE}
      </g>
    </svg>
  );
}

/**
 * The average of the published reviews with their count; read out as one sentence. Nothing without
 * a review: no stars are shown that no buyer gave (docs/product.md#reviews).
 */
export function Stars({ stars, reviews }: { stars: number; reviews: number }) {
  if (reviews <= 0) return null;
  const label = `Rated ${ratingText(stars)} out of 5 from ${groupIndian(reviews)} ${reviews === 1 ? 'review' : 'reviews'}`;
  return (
    <p className="catalog-stars" role="img" aria-label={label}>
      <StarIcons stars={stars} />
      <span className="catalog-reviews" aria-hidden="true">
        ({groupIndian(reviews)})
      </span>
    </p>
  );
}
