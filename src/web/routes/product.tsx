/**
 * Product page at /{id}/{name} (docs/product.md#product-page): picture with watermark and zoom,
 * thumbnails, details, price, ADD TO CART and BUY NOW, video, specifications,
 * the four info cards and related products.
 */
import { memo, useEffect, useState } from 'react';
import { categoryLabel, listingPath } from '../../common/catalog.ts';
import { pageTitle, WATCH_NOT_FOUND } from '../../common/page-titles.ts';
import { PRODUCT_PICTURE } from '../../common/picture-slots.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { ChatIcon } from '../components/icons.tsx';
import { useSession } from '../features/accounts/session.tsx';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { productChatLink } from '../features/catalog/chat-message.ts';
import { CodTerms } from '../features/catalog/cod-terms.tsx';
import { InfoCards } from '../features/catalog/info-cards.tsx';
import { NotifyMeForm } from '../features/catalog/notify-me-form.tsx';
import { Price } from '../features/catalog/price.tsx';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { ProductImage } from '../features/catalog/product-image.tsx';
import { ProductText } from '../features/catalog/product-text.tsx';
import { Stars } from '../features/catalog/stars.tsx';
import type { Product } from '../features/catalog/types.ts';
import { recordView, recordWhatsappClick, useProduct, useRelated } from '../features/catalog/use-product.ts';
import { ProductVideo } from '../features/catalog/video.tsx';
import { ZoomPopup } from '../features/catalog/zoom-popup.tsx';
import { ProductReviews } from '../features/reviews/product-reviews.tsx';
import { PincodeCheck } from '../features/shipping/pincode-check.tsx';
import { Slice } from '../lib/hydration-slices.tsx';
import { Link, useParams } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
import { StaticPart } from '../lib/static-part.tsx';
import '../features/catalog/product.css';
import '../features/reviews/reviews.css';

export function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, error, errorStatus, reload } = useProduct(id);
  const { user } = useSession();

  // No scroll of its own: the router puts a new page (a related card) at the top and a page gone
  // back to where it was left (lib/router/scroll.ts). One here, run after the first render too,
  // threw a shopper who had scrolled before the app hydrated back to the top (decision 067).
  useEffect(() => {
    if (user && product) recordView(product.id);
  }, [user, product]);
  useEffect(() => {
    if (product) document.title = pageTitle(product.name, site().name);
    else if (errorStatus === 404) document.title = pageTitle(WATCH_NOT_FOUND, site().name);
  }, [product, errorStatus]);

  if (error && !product) {
    // Only a real 404 is "not found"; no answer at all means the shop could not be reached.
    const notFound = errorStatus === 404;
    const title = notFound
      ? 'Watch not found'
      : errorStatus === 0
        ? 'Could not reach the shop'
        : 'Could not load this watch';
    return (
      <div className="page container narrow product-missing">
        <h1>{title}</h1>
        <p className="message message-error" role="alert">
          {error}
        </p>
        <p className="product-missing-actions">
          {!notFound && (
            <button type="button" className="btn btn-gold" onClick={reload}>
              Try again
            </button>
          )}
          <Link className={notFound ? 'btn' : 'btn btn-ghost'} to="/product">
            Browse watches
          </Link>
        </p>
      </div>
    );
  }
  if (!product) {
    return (
      <div className="product-loading" role="status">
        <span className="product-loading-logo" aria-hidden="true">
          ◷
        </span>
        <span className="visually-hidden">Loading the watch…</span>
      </div>
    );
  }
  return <ProductDetails key={product.id} product={product} />;
}

/** Memoised: the session arriving after the first paint re-renders ProductPage, not the whole page. */
const ProductDetails = memo(function ProductDetails({ product }: { product: Product }) {
  const [current, setCurrent] = useState(0);
  const [zoom, setZoom] = useState(false);
  const related = useRelated(product.id);
  const image = product.images[current] ?? product.images[0];
  const kicker = product.brand || product.features[0]?.description || '';

  return (
    <div className="page container product-page">
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Shop', to: '/product' },
          { label: categoryLabel(product.category), to: listingPath(product.category) },
          { label: product.name, current: true },
        ]}
      />
      {/* Each part that moves hydrated in a task of its own, after the page's (decision 067, slices). */}
      <div className="product-layout">
        <Slice>
          <section className="product-gallery" aria-label="Pictures">
            {/* Over the button, not inside it: the button shows nothing its name does not say (WCAG 2.5.3, label in name). */}
            <div className="product-main">
              <button
                type="button"
                className="product-main-image"
                onClick={() => image && setZoom(true)}
                aria-label={`Zoom into the picture of ${product.name}`}
                aria-haspopup="dialog"
                disabled={!image}
              >
                <ProductImage id={image} alt={product.name} {...PRODUCT_PICTURE} width={1200} height={1200} priority />
              </button>
              <span className="product-watermark" aria-hidden="true">
                {site().name}
              </span>
            </div>
            {product.images.length > 1 && (
              <ul className="product-thumbs">
                {product.images.map((img, i) => (
                  <li key={img}>
                    <button
                      type="button"
                      aria-label={`Show picture ${i + 1} of ${product.images.length}`}
                      aria-pressed={i === current}
                      onClick={() => setCurrent(i)}
                    >
                      <ProductImage id={img} alt="" sizes="80px" widths={[240]} width={80} height={80} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Slice>

        <Slice>
          <section className="product-info" aria-labelledby="product-name">
            <div className="product-topline">
              {kicker && <p className="product-kicker">{kicker}</p>}
              <a
                className="product-share"
                href={productChatLink(product, 'know-more')}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ChatIcon size={18} /> Share
              </a>
            </div>
            <h1 id="product-name">{product.name}</h1>
            {product.spinningText && <p className="product-spinning">{product.spinningText}</p>}
            {product.reviewsCount > 0 && (
              <a className="product-stars-link" href="#reviews">
                <Stars stars={product.stars} reviews={product.reviewsCount} />
              </a>
            )}
            <Price price={product.price} discountPrice={product.discountPrice} showOff />
            <CodTerms price={product.discountPrice} />
            <PincodeCheck />
            <div className="product-actions">
              <AddToCartButton productId={product.id} productName={product.name} inStock={product.inStock} />
              {product.inStock ? (
                <a
                  className="btn btn-gold"
                  href={productChatLink(product, 'buy')}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => recordWhatsappClick(product.id)}
                >
                  Buy now
                </a>
              ) : (
                <button type="button" className="btn" disabled>
                  Out of stock
                </button>
              )}
            </div>
            {!product.inStock && <NotifyMeForm productId={product.id} />}
            {/* Words only: the server's HTML, never hydrated (decision 067). */}
            <StaticPart>
              <ProductText product={product} />
            </StaticPart>
          </section>
        </Slice>
      </div>

      <ProductVideo url={product.videoUrl} title={product.name} />
      <InfoCards />
      <Slice>
        <ProductReviews product={product} />
      </Slice>

      <Slice>
        <section aria-labelledby="related-heading" className="product-related">
          <h2 id="related-heading">Related products</h2>
          {related.error && (
            <p className="message message-error" role="alert">
              {related.error}
            </p>
          )}
          {related.data && <ProductGrid products={related.data.items} empty="No related watches yet." />}
        </section>
      </Slice>

      {image && <ZoomPopup image={image} alt={product.name} open={zoom} onClose={() => setZoom(false)} />}
    </div>
  );
});
