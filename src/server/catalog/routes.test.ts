import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../common/constants.ts';
import { percentOff } from '../../common/money.ts';
import { startSession } from '../auth/sessions.ts';
import { newId, nowIso } from '../db/ids.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { addProduct, deleteProduct } from '../test-support/products.ts';

describe.each(TEST_DIALECTS)('catalogue API on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      configure: (app) =>
        app.post('/api/test-login', async (_request, reply) => {
          const id = newId();
          await app.db
            .insertInto('users')
            .values({
              id,
              name: 'Test Shopper',
              phone: String(Date.now()).slice(-10),
              email: 't@example.in',
              addresses: '[]',
              password_hash: 'x',
              created_at: nowIso(),
              updated_at: nowIso(),
            })
            .execute();
          await startSession(app.db, app.config, reply, 'user', id);
          return { id };
        }),
    });
    const db = t.app.db;
    // 45 men's Rolex (more than one page), then a few others, newest last.
    for (let i = 0; i < 45; i++) {
      const p = await addProduct(db, {
        name: `Rolex Datejust ${i}`,
        brand: 'Rolex',
        category: 'men watch',
        price: 20_000 + i * 100,
        discountPrice: 10_000 + ((i * 37) % 45) * 100,
      });
      ids[`rolex${i}`] = p.id;
    }
    ids.omega = (
      await addProduct(db, { name: 'Omega Seamaster', brand: 'Omega', price: 50_000, discountPrice: 45_000 })
    ).id;
    ids.tag = (
      await addProduct(db, { name: 'Tag Heuer Carrera', brand: 'Tag Heuer', price: 30_000, discountPrice: 29_000 })
    ).id;
    ids.jlc = (
      await addProduct(db, { name: 'Reverso Classic', brand: 'Jaeger-LeCoultre', price: 40_000, discountPrice: 39_000 })
    ).id;
    ids.women = (
      await addProduct(db, {
        name: 'Cartier Tank',
        brand: 'Cartier',
        category: 'women watch',
        price: 25_000,
        discountPrice: 20_000,
        status: 'Sale',
        inStock: false,
      })
    ).id;
    ids.women2 = (
      await addProduct(db, {
        name: 'Cartier Ballon Bleu',
        brand: 'Cartier',
        category: 'women watch',
        price: 9000,
        discountPrice: 8000,
      })
    ).id;
    ids.deleted = (await addProduct(db, { name: 'Deleted Hublot', brand: 'Hublot', category: 'women watch' })).id;
    await deleteProduct(db, ids.deleted);
  });
  afterAll(async () => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  describe('listing', () => {
    it('pages the whole catalogue newest first, 40 a page, with the total', async () => {
      const { status, body } = await get('/api/products');
      expect(status).toBe(200);
      expect(body.total).toBe(50);
      expect(body.pageSize).toBe(PAGE_SIZE);
      expect(body.pageCount).toBe(2);
      expect(body.items).toHaveLength(40);
      expect(body.items[0].id).toBe(ids.women2);
      const second = await get('/api/products?page=2');
      expect(second.body.items).toHaveLength(10);
      const all = [...body.items, ...second.body.items].map((p: { id: string }) => p.id);
      expect(new Set(all).size).toBe(50);
      expect(all).not.toContain(ids.deleted);
    });

    it('answers a page past the end with no items and the real total', async () => {
      const { status, body } = await get('/api/products?page=9');
      expect(status).toBe(200);
      expect(body.items).toEqual([]);
      expect(body.total).toBe(50);
    });

    it('refuses page 0 and a non-number page with a clear message', async () => {
      const zero = await get('/api/products?page=0');
      expect(zero.status).toBe(400);
      expect(zero.body.error.message).toBe('The page must be 1 or more');
      const text = await get('/api/products?page=abc');
      expect(text.status).toBe(400);
      expect(text.body.error.message).toBe('The page must be a number');
      const sort = await get('/api/products?sort=cheapest');
      expect(sort.status).toBe(400);
      expect(sort.body.error.message).toBe('Sort must be latest, price-asc or price-desc');
    });

    it('filters by category slug and by brand slug', async () => {
      const women = await get('/api/products?category=women-watch');
      expect(women.body.total).toBe(2);
      expect(women.body.items.map((p: { id: string }) => p.id)).toEqual([ids.women2, ids.women]);
      const rolex = await get('/api/products?category=men-watch&brand=rolex');
      expect(rolex.body.total).toBe(45);
      const jlc = await get('/api/products?category=men-watch&brand=jaeger_lecoultre');
      expect(jlc.body.items.map((p: { id: string }) => p.id)).toEqual([ids.jlc]);
      const tag = await get('/api/products?category=men-watch&brand=tag-heuer');
      expect(tag.body.items.map((p: { id: string }) => p.id)).toEqual([ids.tag]);
    });

    it('answers unknown category or brand slugs with an empty page, not an error', async () => {
      for (const url of ['/api/products?category=pocket-watch', '/api/products?category=men-watch&brand=nobody']) {
        const { status, body } = await get(url);
        expect(status).toBe(200);
        expect(body).toMatchObject({ items: [], total: 0, pageCount: 0 });
      }
    });

    it('sorts by selling price both ways, across pages', async () => {
      const asc = [
        ...(await get('/api/products?sort=price-asc')).body.items,
        ...(await get('/api/products?sort=price-asc&page=2')).body.items,
      ].map((p: { discountPrice: number }) => p.discountPrice);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect(asc).toHaveLength(50);
      const desc = (await get('/api/products?sort=price-desc')).body.items.map(
        (p: { discountPrice: number }) => p.discountPrice,
      );
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc[0]).toBe(45_000);
    });

    it('sends card fields only', async () => {
      const { body } = await get('/api/products?category=women-watch');
      expect(Object.keys(body.items[1]).sort()).toEqual(
        [
          'brand',
          'category',
          'description',
          'discountPrice',
          'id',
          'images',
          'inStock',
          'name',
          'price',
          'reviewsCount',
          'stars',
          'status',
        ].sort(),
      );
      expect(body.items[1]).toMatchObject({ inStock: false, status: 'Sale', price: 25_000, discountPrice: 20_000 });
    });
  });

  describe('one product', () => {
    it('returns the product', async () => {
      const { status, body } = await get(`/api/products/${ids.omega}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: ids.omega, name: 'Omega Seamaster', price: 50_000, discountPrice: 45_000 });
      expect(body).not.toHaveProperty('deleted_at');
      expect(body).not.toHaveProperty('deletedAt');
    });

    it('answers an unknown or deleted product with 404 and a clear message', async () => {
      for (const id of ['nope', ids.deleted]) {
        const { status, body } = await get(`/api/products/${id}`);
        expect(status).toBe(404);
        expect(body.error).toEqual({
          code: 'not_found',
          message: 'We could not find this watch. It may have been removed from the shop.',
        });
      }
      expect((await get('/api/products/nope/related')).status).toBe(404);
    });
  });

  describe('related, latest and counts', () => {
    it('gives up to 8 newest of the same category without the product itself', async () => {
      const { body } = await get(`/api/products/${ids.rolex0}/related`);
      const related = body.items.map((p: { id: string }) => p.id);
      expect(related).toHaveLength(8);
      expect(related).not.toContain(ids.rolex0);
      expect(related[0]).toBe(ids.jlc);
      for (const p of body.items) expect(p.category).toBe('men watch');
      const women = await get(`/api/products/${ids.women}/related`);
      expect(women.body.items.map((p: { id: string }) => p.id)).toEqual([ids.women2]);
    });

    it('gives the latest N', async () => {
      const { body } = await get('/api/products/latest?limit=3');
      expect(body.items.map((p: { id: string }) => p.id)).toEqual([ids.women2, ids.women, ids.jlc]);
      expect((await get('/api/products/latest?limit=41')).status).toBe(400);
    });

    it('counts products per category, every category listed, deleted ones left out', async () => {
      const { body } = await get('/api/products/counts');
      expect(body.total).toBe(50);
      expect(body.categories).toEqual([
        { category: 'men watch', slug: 'men-watch', count: 48 },
        { category: 'women watch', slug: 'women-watch', count: 2 },
        { category: 'original watch', slug: 'original-watch', count: 0 },
        { category: 'celebrity watch', slug: 'celebrity-watch', count: 0 },
        { category: 'swizz eta watch', slug: 'swizz-eta-watch', count: 0 },
      ]);
    });

    it('serves the home page in one call, without content before the seed wrote it', async () => {
      const { status, body } = await get('/api/home');
      expect(status).toBe(200);
      expect(body.latest).toHaveLength(4);
      expect(body.counts.total).toBe(50);
      expect(body.content).toBeNull();
    });

    it('names the catalogue’s largest discount, made anew when a price changes', async () => {
      const items = [
        ...(await get('/api/products?page=1')).body.items,
        ...(await get('/api/products?page=2')).body.items,
      ] as Array<{ price: number; discountPrice: number }>;
      const largest = Math.max(0, ...items.map((p) => percentOff(p.price, p.discountPrice)));
      expect((await get('/api/home')).body.largestDiscount).toBe(largest);
      const sale = await addProduct(t.app.db, { name: 'Deep Sale', price: 10_000, discountPrice: 1_000 });
      expect((await get('/api/home')).body.largestDiscount).toBe(90);
      await deleteProduct(t.app.db, sale.id);
      expect((await get('/api/home')).body.largestDiscount).toBe(largest);
    });
  });

  describe('views', () => {
    it('counts a logged-in shopper once per product and ignores visitors', async () => {
      const visitor = await t.app.inject({ method: 'POST', url: `/api/products/${ids.omega}/views` });
      expect(visitor.json()).toEqual({ recorded: false });
      const login = await t.app.inject({ method: 'POST', url: '/api/test-login' });
      const cookie = cookiesFrom(login);
      const first = await t.app.inject({
        method: 'POST',
        url: `/api/products/${ids.omega}/views`,
        headers: { cookie },
      });
      expect(first.json()).toEqual({ recorded: true });
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/products/${ids.omega}/views`,
        headers: { cookie },
      });
      expect(again.json()).toEqual({ recorded: false });
      const rows = await t.app.db
        .selectFrom('product_views')
        .selectAll()
        .where('product_id', '=', ids.omega ?? '')
        .execute();
      expect(rows).toHaveLength(1);
      const missing = await t.app.inject({ method: 'POST', url: '/api/products/nope/views', headers: { cookie } });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses a view counted through GET', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${ids.omega}/views` });
      expect(res.statusCode).toBe(404);
    });
  });
});
