/**
 * Listing pagination (docs/product.md#listing): first, previous, next, last, and the current
 * page with up to 3 following page numbers. Pages are 1-based.
 */
export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const numbers: number[] = [];
  for (let p = page; p <= Math.min(pageCount, page + 3); p++) numbers.push(p);
  const button = (label: string, target: number, text: string, disabled: boolean) => (
    <li key={label}>
      <button
        type="button"
        className="chip pagination-btn"
        aria-label={label}
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {button('First page', 1, '«', page <= 1)}
        {button('Previous page', page - 1, '‹', page <= 1)}
        {numbers.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="chip pagination-btn"
              aria-label={`Page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          </li>
        ))}
        {button('Next page', page + 1, '›', page >= pageCount)}
        {button('Last page', pageCount, '»', page >= pageCount)}
      </ul>
    </nav>
  );
}
