/** Cards 2 a row on narrow screens, 3 on wide ones (docs/product.md#listing), or the empty message. */
import { memo, type ReactNode } from 'react';
import { StaticPart } from '../../lib/static-part.tsx';
import { ProductCard } from './product-card.tsx';
import type { ProductCard as Card } from './types.ts';

/**
 * Memoised: the screens around it re-render when the session arrives just after
 * the first paint, and re-rendering 40 unchanged cards then blocks the main thread.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  empty = 'No product found!',
  eager = 0,
  actions,
}: {
  products: Card[];
  empty?: string | null;
  /** How many leading cards load their picture eagerly (above the fold). */
  eager?: number;
  /** Admin controls per card (edit, delete); the admin work passes this. */
  actions?: (product: Card) => ReactNode;
}) {
  if (products.length === 0) return empty ? <p className="catalog-empty">{empty}</p> : null;
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          {/* A card answers no tap but its link's: server HTML until it changes (decision 067). */}
          <StaticPart>
            <ProductCard product={p} priority={i < eager} actions={actions?.(p)} />
          </StaticPart>
        </li>
      ))}
    </ul>
  );
});

/**
 * Grey cards the size of real ones, shown while a grid's products load, so the
 * grid and what follows it do not move when they arrive.
 */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="product-grid product-grid-skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <li key={i}>
          <div className="product-card card">
            <div className="product-card-media" />
            <div className="product-card-body">
              <span className="skeleton-line skeleton-name" />
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-short" />
              <span className="skeleton-line skeleton-short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
