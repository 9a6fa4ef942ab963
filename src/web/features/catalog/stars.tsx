import { useId } from 'react';
import { groupIndian } from '../../../common/money.ts';

const STAR = '10,1 12.6,7.2 19.3,7.6 14.2,11.9 15.8,18.5 10,15 4.2,18.5 5.8,11.9 0.7,7.6 7.4,7.2';
const FIVE = [0, 20, 40, 60, 80].map((x) => <polygon key={x} points={STAR} transform={`translate(${x} 0)`} />);

/** Star rating out of 5 with the reviews count; read out as one sentence. */
export function Stars({ stars, reviews }: { stars: number; reviews: number }) {
  const clip = useId();
  const percent = Math.max(0, Math.min(100, (stars / 5) * 100));
  const label = `Rated ${stars.toFixed(1)} out of 5 from ${groupIndian(reviews)} reviews`;
  return (
    <p className="catalog-stars" role="img" aria-label={label}>
      {/* Grey stars with gold ones on top, cut to the rating. Drawn in SVG, so the cut is an
          attribute: the server's HTML may carry no inline style (the content security policy). */}
      <svg className="catalog-stars-icons" viewBox="0 0 100 20" aria-hidden="true" focusable="false">
        <clipPath id={clip}>
          <rect width={percent} height="20" />
        </clipPath>
        <g className="catalog-stars-empty">{FIVE}</g>
        <g className="catalog-stars-fill" clipPath={`url(#${clip})`}>
          {FIVE}
        </g>
      </svg>
      <span className="catalog-reviews" aria-hidden="true">
        ({groupIndian(reviews)})
      </span>
    </p>
  );
}
