import type { MouseEvent } from 'react';
import { isPlainLeftClick } from '../../lib/router/index.ts';

/**
 * Listing pagination (docs/product.md#listing): first, previous, next, last, and the current
 * page with up to 3 following page numbers. Pages are 1-based.
 *
 * Each is a link to the page's own address (`href(page)`, ?page=N), which works before
 * JavaScript runs and opens in a new tab; once it runs, a click calls `onPage` instead
 * (the listing writes the spec's #N).
 */
export function Pagination({
  page,
  pageCount,
  href,
  onPage,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const numbers: number[] = [];
  for (let p = page; p <= Math.min(pageCount, page + 3); p++) numbers.push(p);
  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    onPage(target);
  };
  const link = (label: string, target: number, text: string, disabled: boolean) => (
    <li key={label}>
      {disabled ? (
        <span className="chip pagination-btn" aria-disabled="true">
          {text}
        </span>
      ) : (
        <a className="chip pagination-btn" aria-label={label} href={href(target)} onClick={follow(target)}>
          {text}
        </a>
      )}
    </li>
  );
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {link('First page', 1, '«', page <= 1)}
        {link('Previous page', page - 1, '‹', page <= 1)}
        {numbers.map((p) => (
          <li key={p}>
            <a
              className="chip pagination-btn"
              aria-label={`Page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              href={href(p)}
              onClick={follow(p)}
            >
              {p}
            </a>
          </li>
        ))}
        {link('Next page', page + 1, '›', page >= pageCount)}
        {link('Last page', pageCount, '»', page >= pageCount)}
      </ul>
    </nav>
  );
}
