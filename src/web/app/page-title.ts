import { useEffect } from 'react';
import { fixedTitle } from '../../common/page-titles.ts';
import { useLocation } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';

/**
 * Sets the page's own title (WCAG 2.4.2) after each navigation: the words the server sent
 * for the same address (common/page-titles.ts). A listing and a watch set theirs when they
 * know what they show (routes/listing.tsx, routes/product.tsx).
 */
export function usePageTitle(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const title = fixedTitle(pathname, site().name, search);
    if (title) document.title = title;
  }, [pathname, search]);
}
