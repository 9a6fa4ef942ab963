/**
 * The browser's session history as the router sees it. Every entry we own
 * carries { usr, key, idx } in history.state, the shape react-router used, so
 * lib/go-back.ts can still tell from `idx` whether "back" stays in the shop.
 */
import { createPath, type Path } from '../../../common/url-path.ts';

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface Location extends Path {
  /** What navigate(to, { state }) passed; null when nothing was. */
  state: unknown;
  /** Unique per history entry: scroll positions are kept by it. */
  key: string;
}

export interface HistoryUpdate {
  action: Action;
  location: Location;
  /** The entry we left, null on the first render. */
  previous: Location | null;
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function isEntry(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && typeof (value as EntryState).key === 'string';
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function currentEntry(): EntryState {
  const state: unknown = window.history.state;
  return isEntry(state) ? state : { usr: null, key: 'default', idx: 0 };
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = currentEntry();
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key };
}

export interface BrowserHistory {
  readonly location: Location;
  push(path: Path, state?: unknown): void;
  replace(path: Path, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

export function createBrowserHistory(): BrowserHistory {
  // Stamp the entry the page was loaded on, keeping the one a reload preserved.
  if (!isEntry(window.history.state)) {
    window.history.replaceState({ usr: null, key: createKey(), idx: 0 } satisfies EntryState, '');
  }
  let location = readLocation();
  // The position of the current entry in the stack (history.state.idx).
  let idx = currentEntry().idx;
  const listeners = new Set<(update: HistoryUpdate) => void>();

  const notify = (action: Action) => {
    const previous = location;
    location = readLocation();
    idx = currentEntry().idx;
    for (const listener of listeners) listener({ action, location, previous });
  };

  // Back/forward, and fragment navigations the browser did itself (a plain
  // <a href="#main">, or a hash typed in the address bar). Those arrive
  // without our state, as a new entry after the current one: stamp it.
  // Chrome fires both popstate and hashchange for one change: the second is a no-op.
  const onPop = () => {
    if (!isEntry(window.history.state)) {
      window.history.replaceState({ usr: null, key: createKey(), idx: idx + 1 } satisfies EntryState, '');
    }
    const next = readLocation();
    if (next.key === location.key && createPath(next) === createPath(location)) return;
    notify('POP');
  };

  const write = (action: 'PUSH' | 'REPLACE', path: Path, state: unknown) => {
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx: action === 'PUSH' ? idx + 1 : idx };
    const url = createPath(path);
    if (action === 'PUSH') window.history.pushState(entry, '', url);
    else window.history.replaceState(entry, '', url);
    notify(action);
  };

  window.addEventListener('popstate', onPop);
  window.addEventListener('hashchange', onPop);

  return {
    get location() {
      return location;
    },
    push: (path, state) => write('PUSH', path, state),
    replace: (path, state) => write('REPLACE', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The history of a page rendered on the server (src/web/entry-server.tsx): one
 * entry at `url`, without a hash (browsers never send it), that nothing moves.
 */
export function createStaticHistory(url: string): BrowserHistory {
  const { pathname, search } = new URL(url, 'http://localhost');
  const location: Location = { pathname, search, hash: '', state: null, key: 'default' };
  return {
    location,
    push: () => {},
    replace: () => {},
    go: () => {},
    listen: () => () => {},
  };
}
