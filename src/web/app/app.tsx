import type { ComponentType } from 'react';
import { PAGE_PATHS, PAGE_ROUTES, type PagePath, SCREENS, type ScreenName } from '../../common/page-paths.ts';
import { createStaticHistory } from '../lib/router/history.ts';
import { Navigate, preloadScreenOf, type RouteObject, RouterProvider } from '../lib/router/index.ts';
import { Layout } from './layout.tsx';
import { type LazyScreen, lazyScreen } from './lazy-screen.tsx';
import { RouteError } from './route-error.tsx';

/*
 * Every route of the one route table (src/common/page-paths.ts, docs/product.md#screens-and-addresses).
 * Each screen is its own lazily loaded chunk (the server renders the first screen and
 * names its chunks in the page, and main.tsx hydrates once they are here); the admin
 * area (/dashboard/*) is one chunk a shopper never downloads. Routes showing the same
 * screen share one lazy component, so moving between them keeps it mounted.
 */
const MODULES = import.meta.glob<Record<string, ComponentType>>(['../routes/*.tsx', '../admin/dashboard.tsx']);

const SCREEN_COMPONENTS = Object.fromEntries(
  Object.entries(SCREENS).map(([name, { module, component }]) => {
    const load = MODULES[`../${module}`];
    if (!load) throw new Error(`The screen ${name} names ${module}, which app.tsx does not load.`);
    return [
      name,
      lazyScreen(async () => {
        const screen = (await load())[component];
        if (!screen) throw new Error(`${module} exports no ${component}.`);
        return screen;
      }),
    ];
  }),
) as Record<ScreenName, LazyScreen>;

function routeOf(path: PagePath): RouteObject {
  const target = PAGE_ROUTES[path];
  return typeof target === 'string'
    ? { path, component: SCREEN_COMPONENTS[target] }
    : { path, element: <Navigate to={target.redirect} replace /> };
}

const routes: RouteObject[] = [...PAGE_PATHS.map(routeOf), { path: '*', component: SCREEN_COMPONENTS.notFound }];

/**
 * Loads the chunk of the screen for `pathname` (main.tsx awaits it before the
 * first render). A chunk that fails to load is left to the screen's error boundary.
 */
export function preloadScreen(pathname: string): Promise<void> {
  return preloadScreenOf(routes, pathname);
}

/** `url`: the page the server renders (src/web/entry-server.tsx); the browser's own location when absent. */
export function App({ url }: { url?: string }) {
  return (
    <RouterProvider
      routes={routes}
      layout={Layout}
      errorFallback={RouteError}
      {...(url === undefined ? {} : { history: createStaticHistory(url) })}
    />
  );
}
