/**
 * Pages as they were last sent, per origin and URL (path and query), with the
 * catalogue version they were made at (docs/decisions/022-server-rendering.md).
 *
 * Everything a page holds comes from its URL, the shop's configuration and the
 * catalogue answers (cached per catalogue version too), never from the shopper's
 * session, so a page made at version V can be sent again, byte for byte and
 * already compressed, to every request that finds the catalogue still at V. The
 * version is read before the page is made, so a kept page is at least as new as
 * the version it is filed under. Without this a page cost its head, its template
 * and a compression per request: a third of an API answer's rate at 50 connections.
 */
import type { CachedBody } from '../http/cached-body.ts';

/**
 * Pages kept per process. A listing page is about 125 KB at 100,000 products and its
 * brotli and gzip copies about 12 KB each, so this bounds them near 45 MB.
 */
export const SENT_PAGES = 300;

export interface SentPage {
  version: number;
  status: number;
  page: CachedBody;
}

export class SentPages {
  /** Insertion order is recency order: a hit moves its key to the end. */
  private readonly pages = new Map<string, SentPage>();

  /** The page kept for `key` if it was made at `version`. */
  get(key: string, version: number): SentPage | undefined {
    const kept = this.pages.get(key);
    if (!kept || kept.version !== version) return undefined;
    this.pages.delete(key);
    this.pages.set(key, kept);
    return kept;
  }

  set(key: string, sent: SentPage): void {
    const kept = this.pages.get(key);
    // A page begun before a write must not replace one made after it.
    if (kept && kept.version > sent.version) return;
    this.pages.delete(key);
    this.pages.set(key, sent);
    if (this.pages.size > SENT_PAGES) this.pages.delete(this.pages.keys().next().value as string);
  }
}
