/**
 * The <head> tags the server puts into the single-page app's HTML for a given
 * path: title, description, canonical URL and Open Graph tags, so shared links
 * preview well and crawlers read real titles (docs/product.md#better-15).
 */
import type { FastifyInstance } from 'fastify';
import { isPagePath } from '../../common/page-paths.ts';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (made absolute with the request's origin). */
  canonicalPath: string;
  image?: string;
  type?: 'website' | 'product';
  /** JSON-LD structured data, serialised safely into a script data block. */
  jsonLd?: unknown;
  /** 404 for unknown products and paths, so crawlers drop them. */
  status?: number;
  /** Answer with a 301 to this path instead of the page (the query string is kept). */
  redirect?: string;
  /** The screen that renders the page (see SCREENS): its chunks are preloaded. */
  screen?: Screen;
  /** The picture that will be the page's largest paint, preloaded with the srcset and sizes its <img> has. */
  lcpImage?: { srcset: string; sizes: string } | undefined;
  /** The first API answer the screen requests (its path under /api and the exact body the API sends), embedded. */
  initialData?: { path: string; body: string } | undefined;
}

/**
 * Screens of the web app the server can name for a path, as the source module
 * of their lazily loaded chunk (the key of Vite's manifest; see the routes in
 * src/web/app/app.tsx).
 */
export const SCREENS = {
  home: 'routes/home.tsx',
  listing: 'routes/listing.tsx',
  product: 'routes/product.tsx',
  search: 'routes/search.tsx',
  policy: 'routes/policy.tsx',
  contact: 'features/contact/contact-page.tsx',
} as const;
export type Screen = (typeof SCREENS)[keyof typeof SCREENS];

export type PageHeadResolver = (app: FastifyInstance, path: string) => Promise<PageHead | null>;

export function defaultHead(app: FastifyInstance, path: string): PageHead {
  const { name } = app.config.shop;
  // A path the app has no page for gets its "not found" screen with a real 404, not a soft 200.
  if (!isPagePath(path))
    return {
      title: `Page not found | ${name}`,
      description: 'This page does not exist. Browse our watches from the home page.',
      canonicalPath: path,
      type: 'website',
      status: 404,
    };
  return {
    title: `${name} | Premium watches with cash on delivery`,
    description: `Shop men's, women's, celebrity and Swiss ETA watches at ${name}. Cash on delivery across India with only ₹300 advance.`,
    canonicalPath: path,
    type: 'website',
  };
}

/** Resolvers tried in order for each HTML request; the first non-null wins. */
export const pageHeadResolvers: PageHeadResolver[] = [];
