/**
 * Pages as they were last sent, per origin, path and the query parameters the page
 * reads, with the catalogue version they were made at (docs/decisions/022-server-rendering.md,
 * 023-time-limits-and-page-cache-keys.md).
 *
 * Everything a page holds comes from its URL, the shop's configuration and the
 * catalogue answers (cached per catalogue version too), never from the shopper's
 * session, so a page made at version V can be sent again, byte for byte and
 * already compressed, to every request that finds the catalogue still at V. The
 * version is read before the page is made, so a kept page is at least as new as
 * the version it is filed under. Without this a page cost its head, its template
 * and a compression per request: a third of an API answer's rate at 50 connections.
 *
 * Only what a page reads is in its key: `?utm_source=…` or any other parameter no
 * screen reads files the page under the bare URL's key, so a stream of made-up
 * parameters is answered from the kept page instead of making and keeping a page for
 * each, which pushed the real pages out. Only pages answered 200 are kept.
 */
import { type ScreenName, screenOf } from '../../common/page-paths.ts';
import type { CachedBody } from '../http/cached-body.ts';

/**
 * Pages kept per process. A listing page is about 150 KB as UTF-8 and its brotli and
 * gzip copies about 10 and 13 KB, so this bounds them near 50 MB.
 */
export const SENT_PAGES = 300;

/**
 * The query parameters each screen's page depends on, in the order the key names them:
 * the listing's ?page=N, ?sort= and ?brand= (pages/catalog-heads.ts listingHead, web
 * features/catalog/listing-page-number.ts and listing-sort.ts; ?brand= is the brand form's, answered
 * with the brand's own listing: docs/decisions/032-controls-in-the-address.md) and the search's
 * ?q=…&page=N (searchHead, web routes/search.tsx). A screen that starts
 * reading another one must be added here, or its pages would be shared across its values
 * (sent-pages.test.ts looks for readers of the query in both halves).
 */
export const PAGE_QUERY_PARAMS: Partial<Record<ScreenName, readonly string[]>> = {
  listing: ['page', 'sort', 'brand'],
  // The reviews' order and page (docs/product.md#reviews; common/review-rules.ts REVIEW_QUERY).
  product: ['reviews', 'reviews-page'],
  // One person's page, never kept (review-link-head.ts): listed so every name a screen reads is here.
  review: ['saved'],
  search: ['q', 'page'],
  // /track's answers are one person's and never kept (pages/track-head.ts): the form alone is.
  track: ['order', 'phone'],
};

/**
 * The key `originAndUrl` (origin, path and query as requested) is kept under: the origin
 * and path as they are, then the parameters its screen reads, each with its first value (as
 * URLSearchParams.get reads it on both sides), in PAGE_QUERY_PARAMS' order. Null for a query
 * holding a second '?': the server's head and the browser's router read such a query
 * differently, so its page is made for that URL alone and not kept.
 */
export function sentPageKey(originAndUrl: string): string | null {
  const at = originAndUrl.indexOf('?');
  if (at < 0) return originAndUrl;
  const query = originAndUrl.slice(at + 1);
  if (query.includes('?')) return null;
  const base = originAndUrl.slice(0, at);
  const slash = base.indexOf('/', base.indexOf('://') + 3);
  const screen = screenOf(slash < 0 ? '/' : base.slice(slash));
  const names = (screen && PAGE_QUERY_PARAMS[screen]) ?? [];
  if (names.length === 0) return base;
  const asked = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = asked.get(name);
    if (value !== null) kept.set(name, value);
  }
  const read = kept.toString();
  return read ? `${base}?${read}` : base;
}

export interface SentPage {
  version: number;
  status: number;
  page: CachedBody;
}

export class SentPages {
  /** Insertion order is recency order: a hit moves its key to the end. */
  private readonly pages = new Map<string, SentPage>();
  private counts = { hits: 0, misses: 0 };

  /** Requests answered with a kept page. */
  get hits(): number {
    return this.counts.hits;
  }

  /** Requests that found no page kept at the catalogue's version (the page is made). */
  get misses(): number {
    return this.counts.misses;
  }

  /** Pages kept now. */
  get size(): number {
    return this.pages.size;
  }

  /** True when the page for `url` is kept at `version` (does not count as a request). */
  has(url: string, version: number): boolean {
    const key = sentPageKey(url);
    return key !== null && this.pages.get(key)?.version === version;
  }

  /** The page kept for `url` (origin, path and query) if it was made at `version`. */
  get(url: string, version: number): SentPage | undefined {
    const key = sentPageKey(url);
    const kept = key === null ? undefined : this.pages.get(key);
    if (key === null || !kept || kept.version !== version) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    this.pages.delete(key);
    this.pages.set(key, kept);
    return kept;
  }

  /** Keeps `sent` for `url`, unless it is not a 200 (a "not found" page for every made-up path would push the real ones out). */
  set(url: string, sent: SentPage): void {
    if (sent.status !== 200) return;
    const key = sentPageKey(url);
    if (key === null) return;
    const kept = this.pages.get(key);
    // A page begun before a write must not replace one made after it.
    if (kept && kept.version > sent.version) return;
    this.pages.delete(key);
    this.pages.set(key, sent);
    if (this.pages.size > SENT_PAGES) this.pages.delete(this.pages.keys().next().value as string);
  }
}
