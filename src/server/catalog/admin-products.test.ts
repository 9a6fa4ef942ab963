import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_NAMES } from '../../common/catalog.ts';
import { VIDEO_MESSAGE } from '../../common/schemas/product.ts';
import {
  adminCookie,
  createProduct,
  placeOrder,
  shopper,
  uploadedImageId,
  validProduct,
} from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';

describe.each(TEST_DIALECTS)('admin products on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
  });
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: admin },
      payload: payload as object,
    });

  it('creates a product with the upload form defaults and serves it to the storefront', async () => {
    const image = await uploadedImageId(t, admin);
    const res = await post({
      name: 'Seiko Presage',
      category: 'women watch',
      images: [image],
      features: DEFAULT_FEATURE_NAMES.map((name) => ({ name, description: '' })),
    });
    expect(res.statusCode).toBe(201);
    const product = res.json().product;
    expect(product).toMatchObject({
      name: 'Seiko Presage',
      brand: '',
      tags: [],
      price: 0,
      discountPrice: 0,
      description: '',
      stars: 0,
      reviewsCount: 0,
      status: '',
      spinningText: '',
      images: [image],
      videoUrl: '',
      inStock: true,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${product.id}`,
      headers: { cookie: admin },
    });
    expect(read.json().product.features.map((f: { name: string }) => f.name)).toEqual([...DEFAULT_FEATURE_NAMES]);
    const listing = await t.app.inject({ method: 'GET', url: '/api/products?category=women-watch' });
    expect(listing.body).toContain(product.id);
  });

  it.each([
    [{ ...validProduct, name: '' }, 'Please enter the product name'],
    [{ ...validProduct, category: 'pocket watch' }, 'Please choose a category'],
    [{ ...validProduct, price: 100, discountPrice: 200 }, 'The selling price cannot be above the MRP'],
    [{ ...validProduct, price: 99.5 }, 'MRP must be whole rupees'],
    [{ ...validProduct, price: -1, discountPrice: -1 }, 'MRP cannot be negative'],
    [{ ...validProduct, brand: 'Acme' }, 'Please choose one of the listed brands for a men watch'],
    [{ ...validProduct, videoUrl: 'https://evil.example/video' }, VIDEO_MESSAGE],
    [{ ...validProduct, videoUrl: '<iframe src="https://youtube.com/embed/x"></iframe>' }, VIDEO_MESSAGE],
    [{ ...validProduct, videoUrl: 'http://www.youtube.com/watch?v=abc' }, VIDEO_MESSAGE],
    [{ ...validProduct, images: Array.from({ length: 11 }, () => 'a'.repeat(32)) }, 'At most 10 images'],
    [{ ...validProduct, images: ['../../etc/passwd'] }, 'Unknown image'],
    [{ ...validProduct, tags: ['Tage 7'] }, undefined],
    [{ ...validProduct, status: 'Hot' }, undefined],
  ])('refuses %j', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('refuses image ids that were never uploaded', async () => {
    const res = await post({ ...validProduct, images: ['0123456789abcdef0123456789abcdef'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('An image of this product was not uploaded. Please upload it again.');
    expect(res.json().error.fields).toEqual({ 'images.0': 'This image was not uploaded' });
  });

  it('accepts the allowed video hosts and any brand for other categories', async () => {
    for (const videoUrl of [
      'https://www.youtube.com/watch?v=x',
      'https://vimeo.com/1',
      'https://www.instagram.com/reel/x',
    ]) {
      expect((await post({ ...validProduct, videoUrl })).statusCode).toBe(201);
    }
    expect((await post({ ...validProduct, category: 'celebrity watch', brand: 'Custom' })).statusCode).toBe(201);
  });

  it('updates a product, keeps its creation time, and the search index follows', async () => {
    const id = await createProduct(t, admin, { name: 'Omega Zylqwerty', brand: 'Omega' });
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/admin/products/${id}`, headers: { cookie: admin } })
    ).json().product;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: { cookie: admin },
      payload: { ...validProduct, name: 'Omega Seamaster Aqua', brand: 'Omega', price: 30000, discountPrice: 27000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ name: 'Omega Seamaster Aqua', price: 30000, discountPrice: 27000 });
    expect(res.json().product.createdAt).toBe(before.createdAt);
    const found = await t.app.inject({ method: 'GET', url: '/api/products/search?q=seamaster' });
    expect(found.body).toContain(id);
    const gone = await t.app.inject({ method: 'GET', url: '/api/products/search?q=zylqwerty' });
    expect(gone.body).not.toContain(id);
  });

  it('toggles stock', async () => {
    const id = await createProduct(t, admin);
    const out = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}/stock`,
      headers: { cookie: admin },
      payload: { inStock: false },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().product.inStock).toBe(false);
    const pub = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(pub.json().inStock).toBe(false);
  });

  it('deletes softly: gone from listings and search, orders keep their snapshot', async () => {
    const id = await createProduct(t, admin, { name: 'Hublot Big Bang Unico', brand: 'Hublot' });
    const buyer = await shopper(t);
    const orderNumber = await placeOrder(t, buyer.cookie, id, 2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: { cookie: admin } });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/search?q=unico' })).body).not.toContain(id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This product does not exist or was deleted');
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderNumber}`,
      headers: { cookie: buyer.cookie },
    });
    expect(order.json().order.lines[0]).toMatchObject({ productId: id, name: 'Hublot Big Bang Unico', quantity: 2 });
    const row = await t.app.db
      .selectFrom('products')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it('answers 404 for edits of a missing product', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/products/nope',
      headers: { cookie: admin },
      payload: validProduct,
    });
    expect(res.statusCode).toBe(404);
  });

  it('lists every product for the admin by category and brand, out of stock included', async () => {
    const id = await createProduct(t, admin, { brand: 'Tissot', inStock: false });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products?category=men%20watch&brand=Tissot',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(res.json()).toMatchObject({ total: 1, page: 1, pageCount: 1 });
  });
});
