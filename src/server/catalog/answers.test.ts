/**
 * The catalogue answer cache never outlives a write, in this process or another
 * one on the same database, and its compressed bodies are the same JSON.
 */
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { nowIso } from '../db/ids.ts';
import { homeAnswer } from '../home/answer.ts';
import { preferredEncoding } from '../http/cached-body.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/databases.ts';
import { addProduct, deleteProduct } from '../test-support/products.ts';
import { listingAnswer, productAnswer, searchAnswer } from './answers.ts';
import { refreshSearchIndex } from './search/index-writer.ts';

const listing = { category: 'men-watch', sort: 'latest' as const, page: 1 };

describe.each(TEST_DIALECTS)('catalogue answer cache on %s', (dialect) => {
  let t: TestApp;
  /** A second handle on the same database: another app process, as far as the cache can tell. */
  let other: OpenedDatabase;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    other =
      dialect === 'postgres'
        ? openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: t.database.schema, poolSize: 2 })
        : openDatabase({ sqlitePath: join(t.database.dataDir, 'store.sqlite') });
    await addProduct(t.app.db, { name: 'Rolex Submariner', brand: 'Rolex' });
  });
  afterAll(async () => {
    await other.db.destroy();
    await t.close();
  });

  const names = async (answer: Promise<{ body: string } | null>) =>
    (JSON.parse((await answer)?.body ?? '{"items":[]}') as { items: Array<{ name: string }> }).items.map((i) => i.name);

  it('shows a product added by another process at once', async () => {
    const db = t.app.db;
    expect(await names(listingAnswer(db, listing))).toEqual(['Rolex Submariner']);
    expect(await names(searchAnswer(db, 'submarinr', 1))).toEqual(['Rolex Submariner']);
    await addProduct(other.db, { name: 'Rolex Sea-Dweller', brand: 'Rolex' });
    expect(await names(listingAnswer(db, listing))).toEqual(['Rolex Sea-Dweller', 'Rolex Submariner']);
    expect(await names(searchAnswer(db, 'dweller', 1))).toEqual(['Rolex Sea-Dweller']);
    const home = JSON.parse((await homeAnswer(db)).body) as { counts: { total: number } };
    expect(home.counts.total).toBe(2);
  });

  it('shows another process’s price edit and deletion at once', async () => {
    const db = t.app.db;
    const { id } = await addProduct(db, {
      name: 'Omega Speedmaster',
      brand: 'Omega',
      price: 40_000,
      discountPrice: 30_000,
    });
    const price = async () =>
      (JSON.parse((await productAnswer(db, id))?.body ?? 'null') as { discountPrice: number }).discountPrice;
    expect(await price()).toBe(30_000);
    await other.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ discount_price: 27_500, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await refreshSearchIndex(trx, id);
    });
    expect(await price()).toBe(27_500);
    await deleteProduct(other.db, id);
    expect(await productAnswer(db, id)).toBeNull();
    expect(await names(listingAnswer(db, listing))).not.toContain('Omega Speedmaster');
  });

  it('answers the same JSON plain, in brotli and in gzip, varying on Accept-Encoding', async () => {
    // Bodies under 1 KB go uncompressed: enough cards to pass that.
    for (let i = 0; i < 5; i++) await addProduct(t.app.db, { name: `Rolex Datejust ${i}`, brand: 'Rolex' });
    const url = '/api/products?category=men-watch';
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await promisify(zlib.brotliDecompress)(br.rawPayload)).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await promisify(zlib.gunzip)(gzip.rawPayload)).toString()).toBe(plain.body);
  });

  it('still answers an unknown product with the 404 message', async () => {
    const response = await t.app.inject({ url: '/api/products/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toMatch(/could not find this watch/);
  });
});

describe('choosing the encoding', () => {
  it('prefers brotli, honours q=0 and *', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
