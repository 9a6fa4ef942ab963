/**
 * Nested routes inside a screen matched by a splat ('/dashboard/*'): paths are
 * relative to the parent match, as in
 *   <Routes><Route index element={…}/><Route path="editproduct/:proid" element={…}/></Routes>
 */
import { Children, isValidElement, type ReactNode, useContext } from 'react';
import { joinPaths, pickRoute, stripBase } from '../../../common/url-path.ts';
import { RouteContext, useLocation } from './context.ts';

export interface RouteProps {
  /** Relative to the parent route: 'upload', 'editproduct/:proid', '*'. */
  path?: string;
  /** Matches the parent's own path ('/dashboard'). */
  index?: boolean;
  element?: ReactNode;
}

/** Configuration only: <Routes> reads its props and renders the element of the one that matches. */
export function Route(_props: RouteProps): null {
  return null;
}

export function Routes({ children }: { children: ReactNode }) {
  const parent = useContext(RouteContext);
  const { pathname } = useLocation();
  const routes = Children.toArray(children)
    .filter(isValidElement)
    .map((child) => child.props as RouteProps);
  const picked = pickRoute(routes, stripBase(pathname, parent.pathnameBase));
  if (!picked) return null;
  const { params, pathnameBase } = picked.match;
  return (
    <RouteContext
      value={{ params: { ...parent.params, ...params }, pathnameBase: joinPaths(parent.pathnameBase, pathnameBase) }}
    >
      {picked.route.element}
    </RouteContext>
  );
}
