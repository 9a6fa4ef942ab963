/**
 * Home (docs/product.md#home): hero banners, category cards with counts (men opens the
 * brand popup), Latest Collection, reels, follow and subscribe, support chat,
 * customers' published photo reviews. One API call: GET /api/home.
 */
import { useEffect } from 'react';
import { HOME_LATEST } from '../../common/constants.ts';
import { useCardActions } from '../features/admin-actions/use-card-actions.tsx';
import { CategoryGrid } from '../features/catalog/category-grid.tsx';
import { bannerHeadline, Hero } from '../features/catalog/hero.tsx';
import { FollowCards, Reels, SupportChat } from '../features/catalog/home-extras.tsx';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import { useHome } from '../features/catalog/use-home.ts';
import { HomeReviews } from '../features/reviews/home-reviews.tsx';
import { Slice } from '../lib/hydration-slices.tsx';
import { Link } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
import { StaticPart } from '../lib/static-part.tsx';
import '../features/catalog/home.css';
import { LoadError } from '../components/load-error.tsx';

/** One empty list for every render, so FollowCards' props stay the same while the home loads. */
const NO_REELS: never[] = [];

export function HomePage() {
  const { data, error, loading, reload } = useHome();
  const cardActions = useCardActions(reload);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  const content = data?.content;

  return (
    <div className="home">
      <div className="container">
        {/* The page's level-one heading, for screen readers and crawlers; sighted shoppers read the banners. */}
        <h1 className="visually-hidden">{site().name}: premium watches with cash on delivery</h1>
        {/* Each part that moves hydrated in a task of its own, after the page's (decision 067, slices). */}
        {content ? (
          <Slice>
            <Hero banners={content.banners} largestDiscount={data.largestDiscount} />
          </Slice>
        ) : (
          // The size of the banners with their previous/next row, so nothing moves when they arrive;
          // the sale's figure once the catalogue has answered.
          <div className="hero">
            <div className="hero-placeholder">
              <p className="hero-fallback">
                <span>{bannerHeadline({ headline: 'SALE', offer: true }, data?.largestDiscount ?? 0)}</span>
                <Link to="/product" className="btn btn-gold">
                  Shop now
                </Link>
              </p>
            </div>
            <div className="hero-nav" aria-hidden="true" />
          </div>
        )}
        <LoadError message={error} onRetry={reload} />

        <Slice>
          <section aria-labelledby="categories-heading">
            <div className="section-heading">
              <h2 id="categories-heading">Shop by category</h2>
            </div>
            <CategoryGrid counts={data?.counts} />
          </section>
        </Slice>

        <Slice>
          <section aria-labelledby="latest-heading" aria-busy={loading} className="home-latest">
            <div className="section-heading">
              <h2 id="latest-heading">Latest Collection</h2>
              <Link to="/product">VIEW ALL</Link>
            </div>
            {data ? (
              <ProductGrid products={data.latest} empty="New watches are on their way." actions={cardActions} />
            ) : (
              loading && <ProductGridSkeleton count={HOME_LATEST} />
            )}
          </section>
        </Slice>

        {/* Links and pictures only: the server's HTML, never hydrated (decision 067). Each
            StaticPart holds one element, so the empty lists (which render nothing) stay outside. */}
        {content && content.reels.length > 0 && (
          <StaticPart>
            <Reels reels={content.reels} />
          </StaticPart>
        )}
        <StaticPart>
          <FollowCards reels={content?.reels ?? NO_REELS} />
        </StaticPart>
        <StaticPart>
          <SupportChat />
        </StaticPart>
        {data && data.reviews.length > 0 && (
          <StaticPart>
            <HomeReviews reviews={data.reviews} />
          </StaticPart>
        )}
      </div>
    </div>
  );
}
