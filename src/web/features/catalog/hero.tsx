/**
 * Hero banners (docs/product.md#home: SALE up to 50% off first): a swipeable row with
 * previous/next buttons; no auto-rotation, so nothing moves under a reader.
 */
import { memo, type ReactNode, useRef } from 'react';
import { imageSrcSet, imageUrl } from '../../../common/media.ts';
import { HERO_PICTURE } from '../../../common/picture-slots.ts';
import { whatsappLink } from '../../../common/site.ts';
import { Link } from '../../lib/router/index.ts';
import { site } from '../../lib/site.ts';
import { useAfterFirstPaint } from './use-after-first-paint.ts';
import type { HomeData } from './use-home.ts';

type Banner = NonNullable<HomeData['content']>['banners'][number];

/** The whole banner is the link: the picture already shows its button (drawn in). */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const label = `${banner.headline}: ${banner.cta}`;
  if (banner.link.kind === 'path') {
    return (
      <Link to={banner.link.path} className="hero-link" aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={whatsappLink(site().whatsapp, banner.link.message)}
      className="hero-link"
      aria-label={`${label} (opens WhatsApp)`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}

/** Memoised, as the home re-renders when the session arrives after the first paint. */
export const Hero = memo(function Hero({ banners }: { banners: Banner[] }) {
  const track = useRef<HTMLUListElement>(null);
  const painted = useAfterFirstPaint();
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  if (banners.length === 0) return null;
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Offers">
      <ul className="hero-track" ref={track}>
        {banners.map((b, i) => (
          <li
            key={b.image}
            className="hero-slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${banners.length}`}
          >
            <BannerLink banner={b}>
              <img
                // The first banner is the page's largest paint; the others (off to the side) wait for it.
                src={i === 0 || painted ? imageUrl(b.image, 960) : undefined}
                srcSet={i === 0 || painted ? imageSrcSet(b.image, HERO_PICTURE.widths) : undefined}
                sizes={HERO_PICTURE.sizes}
                width={b.width}
                height={b.height}
                alt={`${b.headline}. ${b.subline}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
              />
            </BannerLink>
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <div className="hero-nav">
          <button type="button" className="icon-btn" aria-label="Previous offer" onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" className="icon-btn" aria-label="Next offer" onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
});
