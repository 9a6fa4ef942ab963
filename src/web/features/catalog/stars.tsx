/** Star rating out of 5 with the reviews count; read out as one sentence. */
export function Stars({ stars, reviews }: { stars: number; reviews: number }) {
  const percent = Math.max(0, Math.min(100, (stars / 5) * 100));
  const label = `Rated ${stars.toFixed(1)} out of 5 from ${reviews.toLocaleString('en-IN')} reviews`;
  return (
    <p className="catalog-stars" role="img" aria-label={label}>
      {/* Grey stars with gold ones on top, cut to the rating: fractions show without special glyphs. */}
      <span className="catalog-stars-icons" aria-hidden="true">
        ★★★★★
        <span className="catalog-stars-fill" style={{ width: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="catalog-reviews" aria-hidden="true">
        ({reviews.toLocaleString('en-IN')})
      </span>
    </p>
  );
}
