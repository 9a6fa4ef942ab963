/**
 * What the router shares with the tree: the history and the latest update
 * (RouterContext), and the route that renders a component (RouteContext:
 * its decoded params and the pathname it matched, for relative links and
 * nested <Routes>).
 */
import { createContext, type ReactNode, useCallback, useContext, useRef } from 'react';
import { type Params, resolveTo, type To } from '../../../common/url-path.ts';
import type { BrowserHistory, HistoryUpdate, Location } from './history.ts';

export interface RouterState {
  history: BrowserHistory;
  update: HistoryUpdate;
}

export interface RouteState {
  params: Params;
  pathnameBase: string;
}

export const RouterContext = createContext<RouterState | null>(null);
export const RouteContext = createContext<RouteState>({ params: {}, pathnameBase: '/' });
/** The matched screen, for the layout's <Outlet/>. */
export const OutletContext = createContext<ReactNode>(null);

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside <RouterProvider>.');
  return router;
}

/** The current URL and its state; components using it re-render on every navigation. */
export function useLocation(): Location {
  return useRouter().update.location;
}

/** The decoded params of the route rendering this component (and its parents'). */
export function useParams(): Readonly<Params> {
  return useContext(RouteContext).params;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** navigate('/cart'), navigate({ pathname, hash: '#2' }), navigate(-1) for back. */
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** Resolves `to` from the route this component is in (relative links) and the current location. */
export function useResolve(): (to: To) => ReturnType<typeof resolveTo> {
  const { history } = useRouter();
  const { pathnameBase } = useContext(RouteContext);
  return useCallback((to: To) => resolveTo(to, pathnameBase, history.location.pathname), [history, pathnameBase]);
}

/**
 * A navigate function that stays the same across renders, so effects that
 * depend on it do not loop; it reads the route base from a ref.
 */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  const { pathnameBase } = useContext(RouteContext);
  const base = useRef(pathnameBase);
  base.current = pathnameBase;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolveTo(to, base.current, history.location.pathname);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history],
  );
}
