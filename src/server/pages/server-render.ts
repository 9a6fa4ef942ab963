/**
 * The storefront's HTML made on the server with React (docs/decisions/022-server-rendering.md).
 * The renderer is the web app itself, built by `vite build --ssr` into
 * dist/ssr/entry-server.js (src/web/entry-server.tsx), loaded here at start-up:
 * the server never imports the browser's source (docs/decisions/019-boundaries.md).
 *
 * Rendered pages are kept per URL with the answers they were made from. A page is
 * served again only while its answers are the very same (catalogue answers are
 * cached per catalogue version, so an unchanged catalogue gives back the same
 * strings, compared by reference), so it costs about what an API answer costs and
 * is never older than the catalogue.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteConfig } from '../../common/site.ts';
import { createUrlRedactor } from '../http/log-redaction.ts';
import type { PageAnswer } from './head.ts';

/** A page's address as the log may keep it (a reset or failed-delivery link works for its reader). */
const pageUrls = createUrlRedactor();

/** What src/web/entry-server.tsx exports (kept in step by the e2e journeys and first-paint tests). */
type RenderPage = (
  url: string,
  page: { origin: string; site: SiteConfig; answers: Record<string, string> },
) => Promise<string>;

/** Pages kept per process; a listing's HTML is about 40 KB, so this bounds it near 20 MB. */
export const RENDERED_PAGES = 500;

interface Rendered {
  bodies: string[];
  html: string;
}

export interface ServerRenderer {
  /**
   * The HTML inside #root for `url` (path and query) at `origin`, or null when it could not be
   * rendered. `keep` false: one person's page (what they typed, their session), never kept.
   */
  render(origin: string, url: string, answers: PageAnswer[], keep?: boolean): Promise<string | null>;
}

/** The renderer built beside `webDistDir` (dist/web → dist/ssr), or null when there is none. */
export async function loadServerRenderer(
  webDistDir: string,
  site: SiteConfig,
  log: FastifyBaseLogger,
): Promise<ServerRenderer | null> {
  const entry = join(dirname(webDistDir), 'ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    log.warn(`No server renderer at ${entry}: run "npm run build". Pages are sent for the browser to render.`);
    return null;
  }
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const pages = new Map<string, Rendered>();

  return {
    async render(origin, url, answers, keep = true) {
      const key = origin + url;
      const bodies = answers.map((a) => a.body);
      const kept = pages.get(key);
      if (kept && kept.bodies.length === bodies.length && kept.bodies.every((body, i) => body === bodies[i])) {
        // Most recently used last: the oldest is the first to go.
        pages.delete(key);
        pages.set(key, kept);
        return kept.html;
      }
      try {
        const html = await renderPage(url, {
          origin,
          site,
          answers: Object.fromEntries(answers.map(({ url: answerUrl, body }) => [answerUrl, body])),
        });
        if (!keep) return html;
        pages.set(key, { bodies, html });
        if (pages.size > RENDERED_PAGES) pages.delete(pages.keys().next().value as string);
        return html;
      } catch (err) {
        // The page still works: the browser renders it, as it did before server rendering.
        log.error(
          { err, url: pageUrls.redact(url) },
          'server rendering failed; the page is sent for the browser to render',
        );
        return null;
      }
    },
  };
}
