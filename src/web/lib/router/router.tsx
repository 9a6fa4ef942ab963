/**
 * <RouterProvider>: keeps the location in state, picks the route for it and
 * renders the layout; the layout's <Outlet/> renders the screen inside an
 * error boundary and Suspense (each screen is a lazy chunk).
 */
import {
  type ComponentType,
  type ReactNode,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { pickRoute, type To } from '../../../common/url-path.ts';
import { OutletContext, RouteContext, RouterContext, type RouterState, useNavigate } from './context.ts';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { type BrowserHistory, createBrowserHistory, type HistoryUpdate } from './history.ts';
import { followKeptLinks } from './kept-links.ts';
import { rememberScroll, scrollAfterNavigation, takeOverScrolling } from './scroll.ts';

export interface RouteObject {
  /** '/product/:cate', '/dashboard/*' (the rest goes to nested <Routes>), '*' for anything else. */
  path: string;
  /** A screen, usually React.lazy(() => import(...)); routes showing the same screen share one. */
  component?: ComponentType;
  /** Or an element, such as <Navigate to="…" />. */
  element?: ReactNode;
}

/**
 * Loads the chunk of the screen at `pathname` when it is a lazy screen with `preload()`
 * (app/lazy-screen.tsx). A chunk that fails to load is left to the screen's error boundary.
 */
export async function preloadScreenOf(routes: readonly RouteObject[], pathname: string): Promise<void> {
  const screen = pickRoute(routes, pathname)?.route.component;
  if (screen && 'preload' in screen && typeof screen.preload === 'function') await screen.preload().catch(() => {});
}

let browserHistory: BrowserHistory | null = null;

/**
 * One history for the page, created on first use (StrictMode renders twice), or by main.tsx in a
 * task before the hydration: stamping the entry (replaceState) and taking over the scrolling
 * (scrollRestoration) cost 20 ms at 4x CPU, which the hydration's task need not carry (decision 067).
 */
export function getHistory(): BrowserHistory {
  if (!browserHistory) {
    const history = createBrowserHistory();
    takeOverScrolling(() => history.location.key);
    browserHistory = history;
  }
  return browserHistory;
}

interface Props {
  routes: readonly RouteObject[];
  /** Renders the chrome around every screen, with <Outlet/> where the screen goes. */
  layout?: ComponentType;
  /** Shown in place of a screen that failed (for example its chunk did not load). */
  errorFallback: ComponentType<{ error: unknown }>;
  /** Shown while the first screen's chunk loads; later navigations keep the old screen meanwhile. */
  pendingFallback?: ReactNode;
  /** The server's fixed history (history.ts createStaticHistory); the browser's own when absent. */
  history?: BrowserHistory;
}

export function RouterProvider({ routes, layout: Layout, errorFallback, pendingFallback = null, ...props }: Props) {
  const history = props.history ?? getHistory();
  const [update, setUpdate] = useState<HistoryUpdate>(() => ({
    action: 'POP',
    location: history.location,
    previous: null,
  }));

  useEffect(() => {
    let latest: HistoryUpdate | null = null;
    const unlisten = history.listen((next) => {
      if (next.previous) rememberScroll(next.previous.key);
      latest = next;
      // The current screen stays up while the next one's chunk loads: the chunk is loaded
      // first. React's transition alone did it, but the browser runs preact/compat (decision
      // 044), whose startTransition renders at once: its Suspense would blank the screen
      // (and the page's height) until the chunk came. A failed load is left to the error
      // boundary; of quick navigations in a row, only the last one is shown.
      void preloadScreenOf(routes, next.location.pathname).then(() => {
        if (latest === next) startTransition(() => setUpdate(next));
      });
    });
    // A change between the first render and this effect.
    setUpdate((seen) =>
      seen.location === history.location
        ? seen
        : { action: 'POP', location: history.location, previous: seen.location },
    );
    return unlisten;
  }, [history, routes]);
  // Links in parts still kept as the server's HTML (lib/static-part.tsx).
  useEffect(() => followKeptLinks(history), [history]);

  const picked = pickRoute(routes, update.location.pathname);
  const router = useMemo<RouterState>(() => ({ history, update }), [history, update]);
  const Screen = picked?.route.component;
  // After the screen (or the error in its place), so the screen's own effects run first and ours last.
  const scroll = <ScrollOnNavigation update={update} />;
  const screen = picked && (
    <RouteErrorBoundary resetKey={update.location.key} fallback={errorFallback} after={scroll}>
      <Suspense fallback={pendingFallback}>
        <RouteContext value={{ params: picked.match.params, pathnameBase: picked.match.pathnameBase }}>
          {Screen ? <Screen /> : picked.route.element}
        </RouteContext>
        {scroll}
      </Suspense>
    </RouteErrorBoundary>
  );

  return (
    <RouterContext value={router}>
      <OutletContext value={screen}>{Layout ? <Layout /> : <Outlet />}</OutletContext>
    </RouterContext>
  );
}

function ScrollOnNavigation({ update }: { update: HistoryUpdate }) {
  useEffect(() => scrollAfterNavigation(update), [update]);
  return null;
}

/** Where the layout renders the current screen. */
export function Outlet() {
  return useContext(OutletContext);
}

/** Redirects when rendered; replaces the entry by default, so "back" does not bounce here again. */
export function Navigate({ to, replace = true, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
