/**
 * The app's router (docs/decisions/008-router.md): the part of react-router's
 * API the shop uses, under the same names, at a fraction of its size.
 */

export {
  type NavigateFunction,
  useLocation,
  useNavigate,
  useParams,
} from './context.ts';
export { isPlainLeftClick, Link, NavLink } from './link.tsx';
export { getHistory, Navigate, Outlet, preloadScreenOf, type RouteObject, RouterProvider } from './router.tsx';
export { Route, Routes } from './routes.tsx';
