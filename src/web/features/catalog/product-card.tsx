/**
 * A product in a grid (docs/product.md#listing): first picture, name and description cut per
 * docs/product.md#limits-and-constants, price with MRP, NEW/SALE badge, stars, reviews, OUT OF STOCK.
 */
import type { ReactNode } from 'react';
import { BADGE_STATUSES, type ProductStatus, productPath } from '../../../common/catalog.ts';
import { TRUNCATE } from '../../../common/constants.ts';
import { CARD_PICTURE } from '../../../common/picture-slots.ts';
import { Link } from '../../lib/router/index.ts';
import { CutText } from './cut-text.tsx';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { Stars } from './stars.tsx';
import type { ProductCard as Card } from './types.ts';
import './catalog.css';

export function ProductCard({
  product,
  priority = false,
  actions,
}: {
  product: Card;
  /** True for the first cards of a page (above the fold): the picture loads eagerly. */
  priority?: boolean;
  /** Admin-only controls (edit, delete) put under the card by the admin work. */
  actions?: ReactNode;
}) {
  const badge = (BADGE_STATUSES as readonly string[]).includes(product.status)
    ? (product.status as ProductStatus).toUpperCase()
    : null;
  return (
    <article className="product-card card">
      <Link to={productPath(product)} className="product-card-link">
        <div className="product-card-media">
          <ProductImage id={product.images[0]} alt={product.name} {...CARD_PICTURE} priority={priority} />
          {badge && <span className={`badge product-card-badge${badge === 'SALE' ? ' badge-sale' : ''}`}>{badge}</span>}
        </div>
        <div className="product-card-body">
          <h3 className="product-card-name" title={product.name}>
            <CutText text={product.name} lengths={TRUNCATE.cardName} />
          </h3>
          <p className="product-card-description">
            <CutText text={product.description} lengths={TRUNCATE.description} />
          </p>
          <Price price={product.price} discountPrice={product.discountPrice} />
          <Stars stars={product.stars} reviews={product.reviewsCount} />
        </div>
      </Link>
      {!product.inStock && (
        <button type="button" className="btn btn-block product-card-oos" disabled>
          Out of stock
        </button>
      )}
      {actions && <div className="product-card-actions">{actions}</div>}
    </article>
  );
}
