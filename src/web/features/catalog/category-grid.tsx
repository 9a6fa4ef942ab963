/**
 * The home category cards with live counts (docs/product.md#home). Men watch opens the
 * brand popup; the others go straight to their listing. All are links to their listing,
 * so they work before JavaScript runs.
 */
import { type MouseEvent, memo, useState } from 'react';
import { type Category, listingPath } from '../../../common/catalog.ts';
import { groupIndian } from '../../../common/money.ts';
import { isPlainLeftClick, Link } from '../../lib/router/index.ts';
import { BrandPopup } from './brand-popup.tsx';
import type { CategoryCounts } from './types.ts';

const CARDS: Array<{ category: Category; label: string; line: string }> = [
  { category: 'men watch', label: 'Men Watch', line: 'Pick from 28 brands' },
  { category: 'women watch', label: 'Women Watch', line: 'Elegant and everyday' },
  { category: 'celebrity watch', label: 'Celebrity Watch', line: 'As worn by the stars' },
  { category: 'swizz eta watch', label: 'Swizz ETA Watch', line: 'Swiss ETA movements' },
];

/** Memoised, as the home re-renders when the session arrives after the first paint. */
export const CategoryGrid = memo(function CategoryGrid({ counts }: { counts: CategoryCounts | undefined }) {
  const [brandsOpen, setBrandsOpen] = useState(false);
  const countOf = (category: Category) => counts?.categories.find((c) => c.category === category)?.count;
  const body = (card: (typeof CARDS)[number]) => {
    const n = countOf(card.category);
    return (
      <>
        <span className="category-card-dial" aria-hidden="true">
          ◷
        </span>
        <span className="category-card-title">{card.label}</span>
        <span className="category-card-line">{card.line}</span>
        <span className="category-card-count">{n === undefined ? '\u00a0' : `${groupIndian(n)} watches`}</span>
      </>
    );
  };
  return (
    <>
      <ul className="category-grid">
        {CARDS.map((card) => (
          <li key={card.category}>
            <Link
              to={listingPath(card.category)}
              className={`category-card category-${card.category.replace(/ /g, '-')}`}
              {...(card.category === 'men watch'
                ? {
                    'aria-haspopup': 'dialog' as const,
                    // The brand popup once the app runs; before that (or in a new tab) the listing.
                    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
                      if (!isPlainLeftClick(event)) return;
                      event.preventDefault();
                      setBrandsOpen(true);
                    },
                  }
                : {})}
            >
              {body(card)}
            </Link>
          </li>
        ))}
      </ul>
      <BrandPopup open={brandsOpen} onClose={() => setBrandsOpen(false)} />
    </>
  );
});
