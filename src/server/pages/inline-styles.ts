/**
 * The page's style sheets go inside its HTML (docs/decisions/033-inline-styles.md): a phone on mobile
 * data paints as soon as the HTML has arrived, instead of after one more round trip per style sheet
 * (Lighthouse's LCP breakdown showed about 1.3 s of render delay waiting on them). The whole CSS of
 * the entry and of the screen is small (3-5 KB gzip), so "critical CSS" is all of it: nothing
 * renders unstyled and nothing is loaded twice.
 *
 * The CSP allows each inlined sheet by its SHA-256 (no 'unsafe-inline'): the hashes are made once at
 * start from the built files, so a changed build changes them with it.
 *
 * Each inlined screen sheet also leaves a `<link rel="stylesheet" disabled>` with its address: a
 * disabled sheet is never fetched (HTML's "explicitly disabled"), and Vite's preload helper, which
 * adds a screen's style sheet when its chunk is imported, skips any address already in a
 * stylesheet link, so the hydrating app does not download what the page already holds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../http/html.ts';

export interface InlineStyles {
  /** The `<style>` element for a built style sheet (by its address, /assets/…), or null to link it. */
  styleOf(href: string): string | null;
  /** 'sha256-…' of every sheet that can be inlined, for the CSP's style-src. */
  hashes: string[];
}

/** Reads every built style sheet under `distDir/assets` that is safe to put inside a `<style>`. */
export function readInlineStyles(distDir: string, hrefs: Iterable<string>): InlineStyles {
  const sheets = new Map<string, { element: string; hash: string }>();
  for (const href of new Set(hrefs)) {
    const path = join(distDir, href);
    if (!href.startsWith('/assets/') || !href.endsWith('.css') || !existsSync(path)) continue;
    const css = readFileSync(path, 'utf8');
    // A sheet that could end the element early stays a link (a built sheet never should).
    if (/<\/style/i.test(css)) continue;
    const hash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
    sheets.set(href, { element: `<style data-href="${escapeHtml(href)}">${css}</style>`, hash });
  }
  return {
    styleOf: (href) => sheets.get(href)?.element ?? null,
    hashes: [...new Set([...sheets.values()].map((s) => s.hash))],
  };
}

/** The style sheet links Vite wrote into index.html (the entry's CSS). */
export function entryStyleLinks(template: string): Array<{ tag: string; href: string }> {
  const links: Array<{ tag: string; href: string }> = [];
  for (const match of template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)) {
    const [tag, href] = match;
    if (href?.startsWith('/assets/')) links.push({ tag, href });
  }
  return links;
}

/** The template with the entry's style sheets inlined in place (same order, so the same cascade). */
export function inlineEntryStyles(template: string, styles: InlineStyles): string {
  let html = template;
  for (const { tag, href } of entryStyleLinks(template)) {
    const element = styles.styleOf(href);
    if (element) html = html.replace(tag, () => element);
  }
  return html;
}

/**
 * A screen's style sheet: inlined, with a disabled link that tells Vite's loader it is there;
 * or, when it cannot be inlined, the plain style sheet link.
 */
export function screenStyleTags(href: string, styles: InlineStyles): string[] {
  const element = styles.styleOf(href);
  const link = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"`;
  return element ? [element, `${link} disabled>`] : [`${link}>`];
}
