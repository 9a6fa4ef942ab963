/**
 * The app's router (docs/decisions/008-router.md): the part of react-router's
 * API the shop uses, under the same names, at a fraction of its size.
 */

export type { Params, Path, To } from '../../../common/url-path.ts';
export {
  type NavigateFunction,
  type NavigateOptions,
  useLocation,
  useNavigate,
  useParams,
} from './context.ts';
export type { Location } from './history.ts';
export { isPlainLeftClick, Link, type LinkProps, NavLink, type NavLinkProps } from './link.tsx';
export { Navigate, Outlet, preloadScreenOf, type RouteObject, RouterProvider } from './router.tsx';
export { Route, type RouteProps, Routes } from './routes.tsx';
