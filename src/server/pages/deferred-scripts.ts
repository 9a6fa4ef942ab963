/**
 * The app's scripts are put in the page by a small inline loader (docs/decisions/043-scripts-after-load.md).
 * Vite's entry `<script type="module">` and its `<link rel="modulepreload">` tags, and the screen's
 * chunk preloads (shell.ts), wait in an inert `<template>` at the end of the body (nothing in a
 * template is fetched); the loader, allowed by the CSP through its SHA-256, moves them into the head
 * on the window's `load` event (the first screen and its pictures are in), or at the shopper's first
 * touch or key if that comes sooner: the largest picture has the slow link to itself, and Lighthouse's
 * LCP went from 2.0-2.8 s to 0.9-1.2 s. Started in a task of its own after `load` (setTimeout), the
 * listing's Lighthouse LCP went to 1.5 times its floor's (decision 067, slices): kept in the event.
 * Where `load` comes before the first paint (a page whose pictures are quick), it also waits for the
 * first contentful paint, so no script request or task comes before it (decision 077).
 *
 * Before the script has run, links and the forms with an action work as the HTML says. A form with
 * no action (Login, Sign up, the complaint form: only the app sends them) would be sent by the
 * browser as a GET to the page, which reloads empty with the password in the address; the loader
 * holds such a submit instead and starts the scripts, and the form's `useForm` makes it again once
 * it has taken over the form and what was typed in it (src/web/lib/forms/early-forms.ts). The
 * account forms post to their page (`method="post"` with an action: decision 055): sent before the
 * script, the server answers them; they wait too, only so that their useForm takes over what was
 * typed (hydration would otherwise start the form empty while the boxes show the text).
 */
import { createHash } from 'node:crypto';
import { EARLY_FORMS_KEY, HOLD_MS } from '../../common/early-forms.ts';
import { escapeHtml } from '../http/html.ts';

/**
 * After `load`, the loader waits for the page's first contentful paint (its `paint` entry) before starting the
 * scripts, at most this long: a tab opened in the background paints only when shown.
 */
const PAINT_WAIT_MS = 1000;

/** Id of the template holding the scripts. */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts';

/**
 * Runs once: the template's links go into the head (their downloads start), then the entry.
 * `crossOrigin = ''` matches the `crossorigin` of Vite's preloads, so the module map uses them.
 * `waiting`: the page's forms with no action, and those that post, until their useForm takes them
 * over; `held`: the one with no action sent meanwhile, with the button that sent it (null for Enter in a field); `typed`: what
 * each field held at its last input (React's hydration puts a textarea back to the server's text);
 * `tap`: the last button that only the app can act on (`type="button"`: the menu, a gallery
 * thumbnail) tapped before the app was live (`live`, set by main.tsx), which the app taps again
 * once it has hydrated (src/web/lib/early-tap.ts, decision 067): such a tap is not lost.
 *
 * A link the app would follow (same site, no target or download, a plain click: the rules of
 * `appNavigationOf` in src/web/lib/router/link.tsx) and the submit button of a form marked
 * `data-early-tap` (ADD TO CART) are held too (`hold`): tapped before the app was live, they
 * would load a page, which on a phone takes seconds and left the tap unanswered for as long
 * (decision 075). The loader marks the tapped element `aria-busy` (the shopper sees the tap taken,
 * global.css), starts the scripts, and the app taps it again once it has hydrated. If the app has
 * not come within HOLD_MS, or its script fails to load, `go` lets the tap through the no-script way
 * (`pass`: the one click not held), so a tap is never lost to a script that does not arrive; once
 * it has failed (`dead`), nothing more is held. A
 * link to another place on the same page (a `#` of this address) is the browser's at once.
 */
export const SCRIPT_LOADER = `(()=>{const t=document.getElementById("${DEFERRED_SCRIPTS_ID}");let started=false;const w=window.${EARLY_FORMS_KEY}={waiting:new Set(document.querySelectorAll("form:not([action]),form[method=post]")),held:new Map(),typed:new WeakMap()};const keep=(x,hold)=>{if(w.tap&&w.tap!==x)w.tap.removeAttribute("aria-busy");w.tap=x;w.hold=hold};w.go=()=>{const x=w.tap;if(w.live||!w.hold||!x)return;keep(null,false);w.pass=x;x.click()};const start=()=>{if(started||!t)return;started=true;document.head.append(t.content.cloneNode(true));const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=t.dataset.entry;s.onerror=()=>{w.dead=true;w.go()};document.head.append(s)};addEventListener("input",e=>w.typed.set(e.target,e.target.value),true);addEventListener("click",e=>{if(w.live||w.dead||!t||!e.target.closest)return;const b=e.target.closest("button[type=button]");if(b)return keep(b,false);const x=e.target.closest("a[href],form[data-early-tap] [type=submit]");if(!x)return;if(w.pass===x){w.pass=null;return}if(e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;if(x.tagName==="A"&&(x.origin!==location.origin||x.target||x.hasAttribute("download")||(x.hash&&x.pathname+x.search===location.pathname+location.search)))return;e.preventDefault();keep(x,true);x.setAttribute("aria-busy","true");start();clearTimeout(w.timer);w.timer=setTimeout(w.go,${HOLD_MS})},true);addEventListener("submit",e=>{const f=e.target;if(w.waiting.has(f)&&!f.hasAttribute("action")){e.preventDefault();w.held.set(f,e.submitter||null);start()}},true);let loaded=document.readyState==="complete";const P=window.PerformanceObserver;const ready=()=>{if(loaded&&(!P||!(P.supportedEntryTypes||[]).includes("paint")||performance.getEntriesByName("first-contentful-paint").length))start()};if(P)try{new P(ready).observe({type:"paint"})}catch{}if(loaded)ready();else addEventListener("load",()=>{loaded=true;ready();setTimeout(start,${PAINT_WAIT_MS})});for(const k of["pointerdown","keydown"])addEventListener(k,start,{once:true,passive:true,capture:true})})()`;

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
