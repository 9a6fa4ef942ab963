/**
 * /sitemap.xml: every listing, brand page, policy page and product. One file
 * holds at most 50 000 URLs (sitemaps.org), so a bigger catalogue gets a
 * sitemap index pointing at /sitemaps/pages.xml and /sitemaps/products-N.xml.
 */
import type { FastifyInstance } from 'fastify';
import { BRANDS, CATEGORIES, listingPath, productPath } from '../../common/catalog.ts';
import { PAGE, POLICY_SLUGS } from '../../common/page-paths.ts';
import { escapeHtml } from '../http/html.ts';

export const URLS_PER_SITEMAP = 50_000;

const FIXED_PATHS = ['/', PAGE.explore, ...POLICY_SLUGS.map((slug) => `/${slug}`)];

interface Entry {
  path: string;
  lastmod?: string;
}

export function pageEntries(): Entry[] {
  return [
    ...FIXED_PATHS.map((path) => ({ path })),
    { path: listingPath() },
    ...CATEGORIES.map((c) => ({ path: listingPath(c) })),
    ...BRANDS.map((b) => ({ path: listingPath('men watch', b) })),
  ];
}

export async function productCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Products `offset` to `offset + limit` in id order (stable across requests). */
export async function productEntries(app: FastifyInstance, offset: number, limit: number): Promise<Entry[]> {
  const rows = await app.db
    .selectFrom('products')
    .select(['id', 'name', 'updated_at'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ path: productPath(r), lastmod: r.updated_at.slice(0, 10) }));
}

export function urlSet(origin: string, entries: Entry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, paths: string[]): string {
  const maps = paths.map((p) => `<sitemap><loc>${escapeHtml(origin + p)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}
