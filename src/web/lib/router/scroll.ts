/**
 * Scroll on navigation: a new page starts at the top (or at the element its
 * hash names), back/forward return to where that entry was left. Positions are
 * kept by history entry key, and in session storage so a reload keeps them.
 */
import { STORAGE_KEYS, session } from '../storage.ts';
import type { HistoryUpdate } from './history.ts';

/** Enough entries for any real back-button session; older ones are dropped. */
const MAX_POSITIONS = 100;
/** A screen's data can arrive after it renders: keep trying to reach the position this long. */
const RESTORE_FOR_MS = 1500;

let positions: Record<string, number> = {};
try {
  positions = JSON.parse(session.get(STORAGE_KEYS.scrollPositions) ?? '{}') as Record<string, number>;
} catch {
  positions = {};
}

export function rememberScroll(key: string): void {
  delete positions[key];
  positions[key] = window.scrollY;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_POSITIONS))) delete positions[old];
}

/** The browser must not restore on its own: the screen it would restore into is rendered later. */
export function takeOverScrolling(currentKey: () => string): void {
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    rememberScroll(currentKey());
    session.set(STORAGE_KEYS.scrollPositions, JSON.stringify(positions));
  });
}

function scrollToHash(hash: string): boolean {
  if (hash.length < 2) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep it as written
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return target !== null;
}

/** Scrolls to `y`, retrying each frame while the page is still too short, until the visitor scrolls. */
function restore(y: number): () => void {
  const until = Date.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || Date.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  attempt();
  return stop;
}

/**
 * Called once the screen of `update` has rendered. Returns a cleanup that
 * stops a restore still in progress (the visitor moved on).
 */
export function scrollAfterNavigation({ action, location, previous }: HistoryUpdate): (() => void) | undefined {
  const saved = positions[location.key];
  if (action === 'POP') {
    if (saved !== undefined) return restore(saved);
    // First load, or a fragment the browser scrolled to itself.
    if (previous === null) scrollToHash(location.hash);
    return undefined;
  }
  const samePage = previous !== null && previous.pathname === location.pathname && previous.search === location.search;
  // Only the hash changed (the listing's #page): go to the element it names, if
  // any; otherwise the screen decides (the listing scrolls up itself).
  if (samePage) {
    scrollToHash(location.hash);
    return undefined;
  }
  if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  return undefined;
}
