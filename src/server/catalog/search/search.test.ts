import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInputSchema } from '../../../common/schemas/product.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { TEST_DIALECTS } from '../../test-support/databases.ts';
import { addProduct, deleteProduct } from '../../test-support/products.ts';
import { toProductRow } from '../product-row.ts';
import { rebuildSearchIndex, refreshSearchIndex } from './index-writer.ts';

describe.each(TEST_DIALECTS)('search on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const db = t.app.db;
    ids.sub = (
      await addProduct(db, {
        name: 'Rolex Submariner 41mm Black Dial',
        brand: 'Rolex',
        description: 'A diver with a ceramic bezel.',
        features: [{ name: 'Machine', description: 'Automatic' }],
      })
    ).id;
    ids.datejust = (await addProduct(db, { name: 'Rolex Datejust 36mm Blue Dial', brand: 'Rolex' })).id;
    ids.seamaster = (
      await addProduct(db, {
        name: 'Omega Seamaster Diver 300M',
        brand: 'Omega',
        category: 'swizz eta watch',
        description: 'Inspired by the Rolex Submariner, with a wave dial.',
      })
    ).id;
    ids.tank = (
      await addProduct(db, { name: 'Cartier Tank Must', brand: 'Cartier', category: 'women watch', status: 'Sale' })
    ).id;
    for (let i = 0; i < 42; i++) {
      ids[`casio${i}`] = (
        await addProduct(db, { name: `Casio G-Shock ${i}`, brand: 'Casio', category: 'original watch' })
      ).id;
    }
  });
  afterAll(async () => t?.close());

  const search = async (q: string, page = 1) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?q=${encodeURIComponent(q)}&page=${page}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { ...body, ids: body.items.map((p: { id: string }) => p.id) as string[] };
  };

  it('finds Rolex for "rolx" and Omega for "omge"', async () => {
    const rolx = await search('rolx');
    expect(rolx.ids.slice(0, 2).sort()).toEqual([ids.sub, ids.datejust].sort());
    const omge = await search('omge');
    expect(omge.ids[0]).toBe(ids.seamaster);
  });

  it('finds a part of a word', async () => {
    expect((await search('subm')).ids).toEqual([ids.sub, ids.seamaster]);
    expect((await search('MARINER')).ids).toContain(ids.sub);
  });

  it('ranks a match in the name above one in the description', async () => {
    const { ids: found } = await search('submariner');
    expect(found).toEqual([ids.sub, ids.seamaster]);
  });

  it('leaves typo matches out when the word starts or is part of an indexed word', async () => {
    // "blac" starts "black" (the Submariner); "blue" is only similar (0.5) and stays out.
    expect((await search('blac')).ids).toEqual([ids.sub]);
    // "rolex" is a word of the catalogue: "role" or "rose" would be typo matches, not used.
    expect((await search('rolex')).ids.sort()).toEqual([ids.sub, ids.datejust, ids.seamaster].sort());
  });

  it('ignores the words watch, watches, clock and clocks', async () => {
    expect((await search('  Rolex Watch ')).ids).toEqual((await search('rolex')).ids);
  });

  it('lists every watch, newest first, when no search word is left', async () => {
    // "watch" alone must not say "No Product Found!"; "" shares its cache key, so it lists them too.
    const newest = [...Array.from({ length: 42 }, (_, i) => ids[`casio${41 - i}`]), ids.tank, ids.seamaster];
    for (const q of ['watches clocks', 'Watch', '', '   ', '&']) {
      const all = await search(q);
      expect({ q, total: all.total, ids: all.ids }).toEqual({ q, total: 46, ids: newest.slice(0, 40) });
    }
    expect((await search('watch', 2)).ids).toEqual([...newest.slice(40), ids.datejust, ids.sub]);
  });

  it('requires every word of the query to match', async () => {
    expect((await search('rolex blue')).ids).toEqual([ids.datejust]);
    expect((await search('rolex zzzzzz')).total).toBe(0);
  });

  it('matches the category and status too, without their look-alikes', async () => {
    // "men" is similar to "women" above 0.4 and part of it, but "women" is a word of the catalogue.
    expect((await search('women')).ids).toEqual([ids.tank]);
    expect((await search('sale')).ids).toEqual([ids.tank]);
  });

  it('pages results 40 at a time, newest first among equals, with the total past the end', async () => {
    // The 42 Casios only: "cartier" and "ceramic", typo-similar to "casio", are not used.
    const first = await search('casio');
    expect(first.total).toBe(42);
    expect(first.items).toHaveLength(40);
    expect(first.ids).toEqual(Array.from({ length: 40 }, (_, i) => ids[`casio${41 - i}`]));
    const second = await search('casio', 2);
    expect(second.ids).toEqual([ids.casio1, ids.casio0]);
    const beyond = await search('casio', 5);
    expect(beyond).toMatchObject({ items: [], total: 42 });
  });

  it('follows edits and deletions at once', async () => {
    const db = t.app.db;
    const { id } = await addProduct(db, { name: 'Panerai Luminor Marina', brand: 'Panerai' });
    expect((await search('luminor')).ids[0]).toBe(id);
    const input = productInputSchema.parse({ name: 'Panerai Radiomir', brand: 'Panerai', category: 'men watch' });
    await db.transaction().execute(async (trx) => {
      const { id: _id, created_at: _c, ...row } = toProductRow(id, input, new Date().toISOString());
      await trx.updateTable('products').set(row).where('id', '=', id).execute();
      await refreshSearchIndex(trx, id);
    });
    expect((await search('luminor')).ids).not.toContain(id);
    expect((await search('radiomir')).ids[0]).toBe(id);
    await deleteProduct(db, id);
    expect((await search('radiomir')).ids).not.toContain(id);
  });

  it('rebuilds the whole index in bulk with the same results', async () => {
    const before = await search('rolx');
    const stats = await rebuildSearchIndex(t.app.db);
    const live = await t.app.db.selectFrom('products').select('id').where('deleted_at', 'is', null).execute();
    expect(stats.products).toBe(live.length);
    expect((await search('rolx')).ids).toEqual(before.ids);
  });

  it('refuses an over-long query with a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/search?q=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The search is too long');
  });
});
