/**
 * The app's scripts are put in the page by a small inline loader (docs/decisions/043-scripts-after-load.md).
 * Vite's entry `<script type="module">` and its `<link rel="modulepreload">` tags, and the screen's
 * chunk preloads (shell.ts), wait in an inert `<template>` at the end of the body (nothing in a
 * template is fetched); the loader, allowed by the CSP through its SHA-256, moves them into the head
 * when the parser reaches it, after the whole first screen and its picture's preload.
 *
 * Starting them only on the window's `load` event brought the pages' Lighthouse LCP from 2.0-2.8 s to
 * 0.9-1.2 s, but a form with no action of its own (Login) submitted before the script has run is
 * sent by the browser as a GET to the page: it reloads empty, with the password in the address.
 * Until such a submit is held and replayed once the form is live, the loader starts them at once.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../http/html.ts';

/** Id of the template holding the scripts. */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts';

/**
 * Runs once: the template's links go into the head (their downloads start), then the entry.
 * `crossOrigin = ''` matches the `crossorigin` of Vite's preloads, so the module map uses them.
 */
export const SCRIPT_LOADER = `(()=>{const t=document.getElementById("${DEFERRED_SCRIPTS_ID}");let started=false;const start=()=>{if(started||!t)return;started=true;document.head.append(t.content.cloneNode(true));const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=t.dataset.entry;document.head.append(s)};start()})()`;

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
