/** Cards 2 a row on narrow screens, 3 on wide ones (SPEC §2), or the empty message. */
import type { ReactNode } from 'react';
import { ProductCard } from './product-card.tsx';
import type { ProductCard as Card } from './types.ts';

export function ProductGrid({
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
          <ProductCard product={p} priority={i < eager} actions={actions?.(p)} />
        </li>
      ))}
    </ul>
  );
}
