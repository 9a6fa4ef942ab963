/**
 * One search index per app database handle, kept current: each search asks for
 * the catalogue version (catalog-version.ts); when a write moved it, the products
 * named in search_changes since our version are re-read, or, when we are too
 * far behind or after a rebuild, the whole index is loaded again.
 */
import type { Kysely } from 'kysely';
import { parseJsonList } from '../../db/json.ts';
import type { Database } from '../../db/tables.ts';
import { currentCatalogVersion } from '../catalog-version.ts';
import { type IndexedProduct, SearchIndex } from './memory-index.ts';
import { searchDb } from './tables.ts';
import { FIELD_WEIGHTS } from './tuning.ts';
import { toWords } from './words.ts';

const INDEX_COLUMNS = ['id', 'name', 'brand', 'category', 'status', 'description', 'features', 'created_at'] as const;
type IndexRow = { [K in (typeof INDEX_COLUMNS)[number]]: string };
const LOAD_BATCH = 5000;

/** Each distinct word of a product with the highest weight of the fields it appears in. */
export function productWords(p: IndexRow): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of toWords(text)) if ((weights.get(word) ?? 0) < weight) weights.set(word, weight);
  };
  add(p.name, FIELD_WEIGHTS.name);
  add(p.brand, FIELD_WEIGHTS.brand);
  add(p.category, FIELD_WEIGHTS.category);
  add(p.status, FIELD_WEIGHTS.status);
  for (const f of parseJsonList<{ description?: unknown }>(p.features)) {
    if (typeof f?.description === 'string') add(f.description, FIELD_WEIGHTS.features);
  }
  add(p.description, FIELD_WEIGHTS.description);
  return weights;
}

const toIndexed = (row: IndexRow): IndexedProduct => ({
  id: row.id,
  createdAt: row.created_at,
  words: productWords(row),
});

/** Builds an index of every live product, reading the catalogue in batches. */
export async function loadIndex(db: Kysely<Database>): Promise<SearchIndex> {
  const index = new SearchIndex();
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('products')
      .select(INDEX_COLUMNS)
      .where('deleted_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(LOAD_BATCH)
      .execute();
    for (const row of rows) index.add(toIndexed(row));
    if (rows.length < LOAD_BATCH) return index;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

interface Held {
  index: SearchIndex;
  version: number;
}
const held = new WeakMap<object, Held>();
const syncing = new WeakMap<object, Promise<Held>>();

export function holdIndex(db: Kysely<Database>, index: SearchIndex, version: number): void {
  held.set(db, { index, version });
}

/** Applies the recorded changes since `current.version`; false when they are not all there. */
async function catchUp(db: Kysely<Database>, current: Held, version: number): Promise<boolean> {
  // Rebuild from scratch once a quarter of the ordinals are retired (memory and scan time).
  if (current.index.retired > current.index.size / 4 + 100) return false;
  const changes = await searchDb(db)
    .selectFrom('search_changes')
    .select(['version', 'product_id'])
    .where('version', '>', current.version)
    .where('version', '<=', version)
    .execute();
  if (changes.length !== version - current.version) return false;
  const ids = [...new Set(changes.map((c) => c.product_id))];
  const rows = await db
    .selectFrom('products')
    .select(INDEX_COLUMNS)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  for (const id of ids) current.index.remove(id);
  for (const row of rows) current.index.add(toIndexed(row));
  current.version = version;
  return true;
}

async function sync(db: Kysely<Database>, version: number): Promise<Held> {
  const current = held.get(db);
  if (current && (await catchUp(db, current, version))) return current;
  // The version is read before the products, so a write landing meanwhile is applied again next time.
  const fresh = { index: await loadIndex(db), version };
  held.set(db, fresh);
  return fresh;
}

/** The index, current as of this call. Cached per `app.db`, which lives as long as the app. */
export async function currentIndex(db: Kysely<Database>): Promise<SearchIndex> {
  const version = await currentCatalogVersion(db);
  const current = held.get(db);
  if (current && current.version === version) return current.index;
  // Concurrent searches after a write share one catch-up.
  let pending = syncing.get(db);
  if (!pending) {
    pending = sync(db, version).finally(() => syncing.delete(db));
    syncing.set(db, pending);
  }
  return (await pending).index;
}
