import { Link } from '../lib/router/index.ts';

export interface Crumb {
  label: string;
  /** Omitted for a current page that is not a link. */
  to?: string;
  current?: boolean;
}

/**
 * "Home / Shop / Men Watch": a labelled nav with an ordered list (no numbers;
 * the separators are drawn by CSS and not read out), the current page marked.
 */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item) => (
          <li key={`${item.label}\u0000${item.to ?? ''}`}>
            {item.to ? (
              <Link to={item.to} aria-current={item.current ? 'page' : undefined}>
                {item.label}
              </Link>
            ) : (
              <span aria-current={item.current ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
