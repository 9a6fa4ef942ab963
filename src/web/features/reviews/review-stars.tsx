import { StarIcons } from '../catalog/stars.tsx';

/** One review's stars, read out as "Rated 4 out of 5". */
export function ReviewStars({ stars }: { stars: number }) {
  return (
    <p className="catalog-stars" role="img" aria-label={`Rated ${stars} out of 5`}>
      <StarIcons stars={stars} />
    </p>
  );
}
