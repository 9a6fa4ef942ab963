/**
 * The <head> tags the server puts into the single-page app's HTML for a given
 * path: title, description, canonical URL and Open Graph tags, so shared links
 * preview well and crawlers read real titles (docs/product.md#better-15).
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codOfferText } from '../../common/advance.ts';
import { isPagePath } from '../../common/page-paths.ts';
import { fixedTitle, homeTitle } from '../../common/page-titles.ts';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (made absolute with the request's origin). */
  canonicalPath: string;
  image?: string;
  /** What the picture shows, for previews read aloud (og:image:alt, twitter:image:alt); the title when absent. */
  imageAlt?: string;
  type?: 'website' | 'product';
  /** JSON-LD structured data, serialised safely into a script data block. */
  jsonLd?: unknown;
  /** 404 for unknown products and paths, so crawlers drop them. */
  status?: number;
  /** Answer with a 301 to this path instead of the page (the query string is kept). */
  redirect?: string;
  /** A GET form's answer: a 303 to this address (path and query, whole), e.g. the listing of the brand picked. */
  seeOther?: string;
  /** The picture that will be the page's largest paint, preloaded with the srcset and sizes its <img> has. */
  lcpImage?: { srcset: string; sizes: string } | undefined;
  /** The API answers the screen starts with (their URLs under /api and the exact bodies the API sends), embedded. */
  answers?: PageAnswer[] | undefined;
  /** One person's page (/track's answer): never kept nor cached, sent with no-store. */
  personal?: boolean;
}

export interface PageAnswer {
  /** '/api/products?category=men+watch&sort=latest&page=1' */
  url: string;
  body: string;
}

/** `query`: the URL's query string (a listing's ?page=N, a search's ?q=). */
export type PageHeadResolver = (
  app: FastifyInstance,
  path: string,
  query: URLSearchParams,
  /** The request, for a page limited per address (/track). */
  request?: FastifyRequest,
) => Promise<PageHead | null>;

export function defaultHead(app: FastifyInstance, path: string): PageHead {
  const { name } = app.config.shop;
  // The page's own title (WCAG 2.4.2), the one the web app sets after a navigation.
  const title = fixedTitle(path, name) ?? homeTitle(name);
  // A path the app has no page for gets its "not found" screen with a real 404, not a soft 200.
  if (!isPagePath(path))
    return {
      title,
      description: 'This page does not exist. Browse our watches from the home page.',
      canonicalPath: path,
      type: 'website',
      status: 404,
    };
  return {
    title,
    description: `Shop men's, women's, celebrity and Swiss ETA watches at ${name}. ${codOfferText(app.config.codAdvance)}`,
    canonicalPath: path,
    type: 'website',
  };
}

/** Resolvers tried in order for each HTML request; the first non-null wins. */
export const pageHeadResolvers: PageHeadResolver[] = [];
