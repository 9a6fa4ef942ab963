/**
 * The <head> tags the server puts into the single-page app's HTML for a given
 * path: title, description, canonical URL and Open Graph tags, so shared links
 * preview well and crawlers read real titles (DESIGN.md 15).
 */
import type { FastifyInstance } from 'fastify';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (made absolute with the request's origin). */
  canonicalPath: string;
  image?: string;
  type?: 'website' | 'product';
  /** JSON-LD structured data, serialised safely into a script data block. */
  jsonLd?: unknown;
  /** 404 for unknown products, so crawlers drop them. */
  status?: number;
}

export type PageHeadResolver = (app: FastifyInstance, path: string) => Promise<PageHead | null>;

export function defaultHead(app: FastifyInstance, path: string): PageHead {
  const { name } = app.config.shop;
  return {
    title: `${name} | Premium watches with cash on delivery`,
    description: `Shop men's, women's, celebrity and Swiss ETA watches at ${name}. Cash on delivery across India with only ₹300 advance.`,
    canonicalPath: path,
    type: 'website',
  };
}

/** Resolvers tried in order for each HTML request; the first non-null wins. */
export const pageHeadResolvers: PageHeadResolver[] = [];
