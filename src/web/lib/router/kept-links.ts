/**
 * Links in parts kept as the server's HTML (lib/static-part.tsx) have no click handler of their
 * own until the app renders that part: a product card, the footer. One handler on the document
 * follows them as <Link> would (an in-app navigation, the same rules for new tabs, other sites,
 * targets and downloads: `appNavigationOf`), so a tap on a card before it was ever rendered by
 * the app still moves between screens without loading the page again. It acts only on
 * `a[data-app-link]` (what <Link> marks inside a StaticPart) whose click no handler took.
 */
import { createPath } from '../../../common/url-path.ts';
import type { BrowserHistory } from './history.ts';
import { APP_LINK_ATTRIBUTE, appNavigationOf } from './link.tsx';

/** Starts following kept links through `history`; returns what stops it. */
export function followKeptLinks(history: BrowserHistory): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${APP_LINK_ATTRIBUTE}]`) : null;
    if (!anchor) return;
    const next = appNavigationOf(event, anchor);
    if (!next) return;
    // As <Link>: the same address again replaces its entry instead of adding one.
    if (createPath(next) === createPath(history.location)) history.replace(next);
    else history.push(next);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
