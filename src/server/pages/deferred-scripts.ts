/**
 * The app's scripts start once the first screen has loaded (docs/decisions/043-scripts-after-load.md).
 * The server HTML is the whole first screen, and every control on it works without JavaScript
 * (forms and links, issue 27), so on a phone on mobile data the bandwidth of the first seconds goes
 * to the HTML and the largest picture, not to 80 KB of JavaScript competing with them: Lighthouse
 * measured the pages' LCP at 1.3-3.5 times that of the same HTML with no script at all.
 *
 * Vite's entry `<script type="module">` and its `<link rel="modulepreload">` tags, and the screen's
 * chunk preloads (shell.ts), go into an inert `<template>` at the end of the body: nothing in a
 * template is fetched. A small inline loader, allowed by the CSP through its SHA-256, puts them in
 * the head on the window's `load` event (the pictures of the first screen are in; lazy ones do not
 * hold it), or at once if the page has already loaded.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../http/html.ts';

/** Id of the template holding the scripts. */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts';

/**
 * Runs once: the template's links go into the head (their downloads start), then the entry.
 * `crossOrigin = ''` matches the `crossorigin` of Vite's preloads, so the module map uses them.
 */
export const SCRIPT_LOADER = `(()=>{const t=document.getElementById("${DEFERRED_SCRIPTS_ID}");let started=false;const start=()=>{if(started||!t)return;started=true;document.head.append(t.content.cloneNode(true));const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=t.dataset.entry;document.head.append(s)};if(document.readyState==="complete")start();else addEventListener("load",start)})()`;

/** 'sha256-…' of the loader, for the CSP's script-src. */
export const SCRIPT_LOADER_HASH = `sha256-${createHash('sha256').update(SCRIPT_LOADER, 'utf8').digest('base64')}`;

export interface DeferredTemplate {
  /** The built index.html without its entry script and module preloads. */
  template: string;
  /** The entry's address, or null when the build has none in this shape (then nothing is moved). */
  entry: string | null;
  /** Vite's `<link rel="modulepreload">` tags for the entry's imports, as written. */
  preloads: string[];
}

/** Takes Vite's entry script and module preloads out of the built template. */
export function deferEntryScripts(built: string): DeferredTemplate {
  const entryTag = built.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entryTag?.[1]) return { template: built, entry: null, preloads: [] };
  let template = built.replace(entryTag[0], '');
  const preloads: string[] = [];
  for (const match of built.matchAll(/<link rel="modulepreload"[^>]*>\s*/g)) {
    preloads.push(match[0].trim());
    template = template.replace(match[0], '');
  }
  return { template, entry: entryTag[1], preloads };
}

/** The template of scripts and the loader, for the end of the body. */
export function renderDeferredScripts(entry: string, preloads: string[]): string {
  return `<template id="${DEFERRED_SCRIPTS_ID}" data-entry="${escapeHtml(entry)}">${preloads.join('')}</template><script>${SCRIPT_LOADER}</script>`;
}
