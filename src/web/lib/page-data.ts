/**
 * What a page carries from the server (docs/decisions/022-server-rendering.md): the shop's
 * public details and the API answers its first screen reads. In the browser they are
 * JSON blocks in the HTML (src/server/pages/shell.ts); on the server, while
 * src/web/entry-server.tsx renders one page, they are held here. renderToString is
 * synchronous, so one page's data can never be seen by another page's render.
 */
import { useSyncExternalStore } from 'react';
import type { SiteConfig } from '../../common/site.ts';

export interface ServerPage {
  /** The shop's address as the shopper sees it ('https://shop.example.in'). */
  origin: string;
  site: SiteConfig;
  /** Bodies of GET answers by their URL ('/api/home'), exactly as the API sends them. */
  answers: Record<string, string>;
}

let rendering: ServerPage | null = null;

/** Runs `render` with `page` as the data of the page being rendered on the server. */
export function renderWithPage<T>(page: ServerPage, render: () => T): T {
  rendering = page;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/** The page being rendered on the server; null in the browser. */
export function serverPage(): ServerPage | null {
  return rendering;
}

/** The page's origin, on the server as in the browser (for links that carry the full URL). */
export function pageOrigin(): string {
  return rendering ? rendering.origin : window.location.origin;
}

/** True once the browser's first commit (the hydration of the server's HTML) is done. */
let hydrated = false;
const listeners = new Set<() => void>();

/**
 * Called by main.tsx once the server's HTML is all hydrated (the page, then each of its slices:
 * lib/hydration-slices.tsx), and before a render that has no server HTML to take over. A slice
 * still waiting must hydrate with the server's values, so the flag turns true after the last one.
 */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  // Outside #root, for what looks at the page from outside the app (the journeys wait on it
  // before doing what only the app does, such as handling a link while offline).
  document.documentElement.dataset.hydrated = '';
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False on the server and while the browser hydrates the server's HTML, true
 * afterwards (and from the start in screens mounted later). What only the browser
 * knows (the URL's hash, stored values) must wait for it, or the first render
 * would differ from the server's HTML.
 *
 * The flag flips in the root's effect rather than being true from the start. React compares a
 * store's snapshot with the server's right after hydrating and re-renders a difference
 * synchronously; a synchronous update that reaches a screen still being hydrated makes React
 * hydrate all of it in one task (seen on the listing at a fourth of this machine's speed:
 * 300-600 ms, which Lighthouse counts as total blocking time;
 * docs/decisions/022-server-rendering.md). The session's first answer is a transition for the
 * same reason (features/accounts/session.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
