/**
 * Catalogue answers kept per app database handle while the catalogue version
 * stays the same (docs/decisions/010-catalog-answer-cache.md).
 *
 * Every product write bumps the version in the same transaction
 * (search/index-writer.ts), and every answer first asks for the current
 * version (catalog-version.ts: from memory on PostgreSQL while the process is
 * listening for the writes' notifications, a read otherwise; decision 020), so
 * no process serves a listing, count or product from before its own writes,
 * nor, past the notification's delay, from before another process's: the cache
 * follows the database as the search index does.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/tables.ts';
import { CachedJson } from '../http/cached-json.ts';
import { currentCatalogVersion } from './catalog-version.ts';

/** Answers kept per process; the listing pages are ~18 KB, so this bounds it near 10 MB. */
export const CACHE_ENTRIES = 600;

interface VersionCache {
  version: number;
  /** Insertion order is recency order: a hit moves its key to the end. */
  entries: Map<string, CachedJson | null>;
  /** Answers being made, so a burst of the same request runs its queries once. */
  pending: Map<string, Promise<CachedJson | null>>;
}

const caches = new WeakMap<object, VersionCache>();

function cacheAt(db: Kysely<Database>, version: number): VersionCache {
  let cache = caches.get(db);
  if (!cache || cache.version !== version) {
    // Only a newer version replaces the cache: an answer begun before a write must not
    // bring back the older generation.
    if (cache && cache.version > version) return { version, entries: new Map(), pending: new Map() };
    cache = { version, entries: new Map(), pending: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The cached answer for `key`, or `make()`'s result (null for "not found")
 * checked against `schema`, serialised and kept until the catalogue changes.
 */
export async function cachedAnswer(
  db: Kysely<Database>,
  key: string,
  schema: z.ZodType,
  make: () => Promise<unknown | null>,
): Promise<CachedJson | null> {
  // Known before the answer's own queries, so what it caches is at least as new as the version.
  const cache = cacheAt(db, await currentCatalogVersion(db));
  const hit = cache.entries.get(key);
  if (hit !== undefined) {
    cache.entries.delete(key);
    cache.entries.set(key, hit);
    return hit;
  }
  let pending = cache.pending.get(key);
  if (!pending) {
    pending = make().then((data) => (data === null ? null : new CachedJson(schema, data)));
    cache.pending.set(key, pending);
    pending.then(
      (answer) => {
        cache.pending.delete(key);
        cache.entries.set(key, answer);
        if (cache.entries.size > CACHE_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
      },
      () => cache.pending.delete(key),
    );
  }
  return pending;
}
