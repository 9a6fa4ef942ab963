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
import type { HomeData } from './use-home.ts';

type Banner = NonNullable<HomeData['content']>['banners'][number];

/** The whole banner is the link: the picture already shows its button (drawn in). */
function BannerLink({ banner, headline, children }: { banner: Banner; headline: string; children: ReactNode }) {
  const label = `${headline}: ${banner.cta}`;
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

/** A banner's headline as read: the sale banner's with the catalogue's largest discount. */
export function bannerHeadline(banner: Pick<Banner, 'headline' | 'offer'>, largestDiscount: number): string {
  return banner.offer && largestDiscount > 0 ? `${banner.headline} up to ${largestDiscount}% off` : banner.headline;
}

/** Memoised, as the home re-renders when the session arrives after the first paint. */
export const Hero = memo(function Hero({ banners, largestDiscount }: { banners: Banner[]; largestDiscount: number }) {
  const track = useRef<HTMLUListElement>(null);
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
            <BannerLink banner={b} headline={bannerHeadline(b, largestDiscount)}>
              <img
                // The first banner is the page's largest paint; the others (off to the side) load
                // lazily, after it. All have their address in the server's HTML (valid, and shown without JavaScript).
                src={imageUrl(b.image, 960)}
                srcSet={imageSrcSet(b.image, HERO_PICTURE.widths)}
                sizes={HERO_PICTURE.sizes}
                width={b.width}
                height={b.height}
                alt={`${bannerHeadline(b, largestDiscount)}. ${b.subline}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
              {/* Over the picture's empty headline place; read through the link's label. */}
              {b.offer && (
                <span className="hero-offer" aria-hidden="true">
                  {bannerHeadline(b, largestDiscount)}
                </span>
              )}
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
