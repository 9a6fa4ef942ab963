/**
 * Serves the built single-page app: hashed assets with immutable caching, and
 * every client route answered with index.html carrying the page's head tags,
 * the shop's public details and what its first paint needs early: preloads of
 * its screen's chunks and largest picture, and its first API answer
 * (docs/decisions/012-first-paint.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE, SCREENS, screenOf } from '../../common/page-paths.ts';
import type { SiteConfig } from '../../common/site.ts';
import { currentCatalogVersion } from '../catalog/catalog-version.ts';
import { CachedBody, sendCachedBody } from '../http/cached-body.ts';
import { escapeHtml, jsonForScript, scriptSafeJson } from '../http/html.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { pageContentSecurityPolicy } from '../http/security.ts';
import { readScreenAssets, type ScreenAssetsOf } from './build-manifest.ts';
import { deferEntryScripts, renderDeferredScripts, SCRIPT_LOADER_HASH } from './deferred-scripts.ts';
import { defaultHead, type PageHead, pageHeadResolvers } from './head.ts';
import {
  entryStyleLinks,
  type InlineStyles,
  inlineEntryStyles,
  readInlineStyles,
  screenStyleTags,
} from './inline-styles.ts';
import { noscriptCart, withNoscriptCart } from './noscript-cart.ts';
import { type SentPage, SentPages } from './sent-pages.ts';
import { loadServerRenderer } from './server-render.ts';

export function siteConfig(app: FastifyInstance): SiteConfig {
  const { name, phone, whatsapp, email, address, legalName } = app.config.shop;
  const imageBase = app.config.s3?.publicUrl;
  return {
    name,
    phone,
    whatsapp,
    email,
    address,
    legalName,
    grievanceOfficer: app.config.grievanceOfficer,
    codAdvance: app.config.codAdvance,
    payInFull: app.config.payInFull,
    ...(imageBase ? { imageBase } : {}),
    ...(app.config.whatsapp ? { whatsappUpdates: true } : {}),
  };
}

export function renderHead(head: PageHead, origin: string): string {
  const url = origin + head.canonicalPath;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.image) {
    // A picture under S3_PUBLIC_URL is already absolute.
    const image = /^https?:\/\//.test(head.image) ? head.image : origin + head.image;
    // What it shows, for a preview read aloud: the watch's name (catalog-heads.ts).
    const alt = escapeHtml(head.imageAlt ?? head.title);
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}">`,
      `<meta property="og:image:alt" content="${alt}">`,
      `<meta name="twitter:image" content="${escapeHtml(image)}">`,
      `<meta name="twitter:image:alt" content="${alt}">`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/**
 * The largest picture's preload, first in the head: the same srcset and sizes
 * as its <img>, so the browser picks the same file; no href, so a browser
 * without imagesrcset fetches nothing rather than a wrong size.
 */
export function renderImagePreload(head: PageHead): string {
  if (!head.lcpImage) return '';
  const { srcset, sizes } = head.lcpImage;
  return `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">\n    `;
}

/**
 * The screen's styles, for the end of the head, and its chunks' preloads, which start with the
 * entry once the first screen has loaded (deferred-scripts.ts).
 */
export function screenPreloads(
  path: string,
  screenAssets: ScreenAssetsOf | null,
  styles: InlineStyles | null = null,
): { head: string; scripts: string[] } {
  const screen = screenOf(path);
  const assets = screen ? screenAssets?.(SCREENS[screen].module) : undefined;
  if (!assets) return { head: '', scripts: [] };
  // Style sheets, not preloads: the server's HTML is the first paint (and all there is without
  // JavaScript). Inlined where they can be (inline-styles.ts); Vite's loader finds their links
  // in the page and does not add them again.
  const head = assets.styles.flatMap((style) =>
    styles ? screenStyleTags(style, styles) : [`<link rel="stylesheet" crossorigin href="${escapeHtml(style)}">`],
  );
  return {
    head: head.map((t) => `  ${t}\n  `).join(''),
    scripts: assets.scripts.map((script) => `<link rel="modulepreload" crossorigin href="${escapeHtml(script)}">`),
  };
}

/**
 * The screen's first API answers as one data block, { url: answer } (never run: the CSP
 * allows only our own script files). The bodies go in as the API sent them, unparsed.
 */
export function renderInitialData(head: PageHead): string {
  if (!head.answers?.length) return '';
  const map = `{${head.answers.map(({ url, body }) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  return `\n    <script type="application/json" id="initial-data">${scriptSafeJson(map)}</script>`;
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${distDir}: run "npm run build". Only the API is served.`);
    return;
  }
  const built = readFileSync(indexPath, 'utf8');
  const site = siteConfig(app);
  const siteJson = jsonForScript(site);
  const renderer = await loadServerRenderer(distDir, site, app.log);
  // Optional: without a manifest (a build made without it) pages are served without chunk preloads.
  const screenAssets = readScreenAssets(distDir);
  if (!screenAssets) app.log.warn(`No build manifest in ${distDir}: pages are served without chunk preloads.`);
  for (const { module } of Object.values(SCREENS)) {
    if (screenAssets && !screenAssets(module))
      app.log.warn(`The build has no chunk for ${module}: it is not preloaded.`);
  }
  // Every style sheet a first paint can need, inlined (decision 033), and the CSP that allows them.
  const styles = readInlineStyles(distDir, [
    ...entryStyleLinks(built).map((l) => l.href),
    ...Object.values(SCREENS).flatMap(({ module }) => screenAssets?.(module)?.styles ?? []),
  ]);
  // The scripts wait for the first screen (decision 043); the CSP allows their loader by its hash.
  const { template, entry, preloads } = deferEntryScripts(inlineEntryStyles(built, styles));
  const pagePolicy = pageContentSecurityPolicy(app.config, styles.hashes, entry ? [SCRIPT_LOADER_HASH] : []);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false, // set per file below
    setHeaders(res, path) {
      // Vite puts content hashes in every file name under assets/.
      if (path.includes(`${join(distDir, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });

  const sentPages = new SentPages();
  // x-page-cache says whether the page was sent from the kept pages (the bench counts it; an operator
  // reading a slow page sees whether it was made for that request).
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sent: SentPage,
    kept: boolean,
    personal = false,
  ) => {
    // The cart page without JavaScript lists the shopper's own watches: made per request, never
    // kept, never stored by a browser or proxy (noscript-cart.ts).
    const lines = request.url.split('?')[0] === PAGE.cart ? await noscriptCart(app, request) : null;
    const { status, page } = lines ? { ...sent, page: new CachedBody(withNoscriptCart(sent.page.body, lines)) } : sent;
    return sendCachedBody(
      request,
      reply
        .status(status)
        .header('cache-control', lines || personal ? 'no-store' : 'no-cache')
        .header('content-security-policy', pagePolicy)
        .header('x-page-cache', kept ? 'hit' : 'miss'),
      page,
      'text/html; charset=utf-8',
    );
  };

  /** The page's head: the first resolver's that knows the path, or the default. */
  const resolveHead = async (request: FastifyRequest, path: string, query: URLSearchParams): Promise<PageHead> => {
    for (const resolve of pageHeadResolvers) {
      const head = await resolve(app, path, query, request);
      if (head) return head;
    }
    return defaultHead(app, path);
  };

  /** The page for `head` at `url`, and whether it may be kept (the renderer did not fail on it). */
  const makePage = async (origin: string, path: string, url: string, head: PageHead, version: number) => {
    // The admin area needs its session before it can show anything: the browser renders it.
    const serverRendered = renderer !== null && !path.startsWith('/dashboard');
    const body = serverRendered ? await renderer.render(origin, url, head.answers ?? [], !head.personal) : null;
    const screen = screenPreloads(path, screenAssets, styles);
    // Replacer functions, not strings: a "$'" or "$&" in a product name must stay text,
    // not become String.replace's "insert the rest of the page" pattern.
    const html = template
      .replace('<!--app-head-->', () => renderImagePreload(head) + renderHead(head, origin))
      .replace(
        '<!--app-site-->',
        () => `<script id="site-config" type="application/json">${siteJson}</script>${renderInitialData(head)}`,
      )
      .replace('</head>', () => `${screen.head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body ?? ''}</div>`)
      .replace(
        '</body>',
        () => `${entry ? renderDeferredScripts(entry, [...preloads, ...screen.scripts]) : ''}</body>`,
      );
    const sent = { version, status: head.status ?? 200, page: new CachedBody(html) };
    return { sent, keep: !serverRendered || body !== null };
  };

  // A refused form post answers with its page (form-page.ts): one person's, never kept.
  app.formPages.send = async (request, reply, { path, status, answers }) => {
    const head = await resolveHead(request, path, new URLSearchParams());
    const posted = { ...head, status, personal: true, answers: [...(head.answers ?? []), ...answers] };
    const version = await currentCatalogVersion(app.db);
    const { sent } = await makePage(publicOrigin(app, request), path, path, posted, version);
    return sendPage(request, reply, sent, false, true);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [path = '/', search = ''] = request.url.split('?', 2);
    if (path.startsWith('/api/') || path.startsWith('/media/') || path.startsWith('/assets/')) {
      return reply.callNotFound();
    }
    const origin = publicOrigin(app, request);
    const key = origin + request.url;
    // Read before the page is made: what is kept under it is at least as new (sent-pages.ts).
    const version = await currentCatalogVersion(app.db);
    const kept = sentPages.get(key, version);
    if (kept) return sendPage(request, reply, kept, true);

    const head = await resolveHead(request, path, new URLSearchParams(search));
    if (head.redirect) return reply.redirect(head.redirect + request.url.slice(path.length), 301);
    if (head.seeOther) return reply.redirect(head.seeOther, 303);
    const { sent, keep } = await makePage(origin, path, request.url, head, version);
    // A page the renderer failed on is not kept: the next request tries again. One person's page never is.
    if (head.personal) return sendPage(request, reply, sent, false, true);
    if (keep) sentPages.set(key, sent);
    return sendPage(request, reply, sent, false);
  });
}
