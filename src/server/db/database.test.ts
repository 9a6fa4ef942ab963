import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOrderNumber } from '../orders/order-number.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { ID_PATTERN, newId, nowIso } from './ids.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

describe('ids', () => {
  it('are URL-safe, 20 characters and sort by time', () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toMatch(ID_PATTERN);
    expect(encodeURIComponent(a)).toBe(a);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newId())).size).toBe(1000);
  });
});

describe.each(TEST_DIALECTS)('data layer on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('applies every migration once, and again is a no-op', async () => {
    database = await createTestDatabase(dialect, false);
    const applied = await migrateToLatest(database);
    expect(applied).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it('numbers the orders placed before order numbers existed, oldest first, and marks moved ones waived', async () => {
    database = await createTestDatabase(dialect, false);
    expect(await migrateTo(database, '0002-search')).toEqual(['0001-initial', '0002-search']);
    const old = database.db as unknown as Kysely<any>;
    const userId = newId();
    await old
      .insertInto('users')
      .values({
        id: userId,
        name: 'A',
        phone: '9000000009',
        email: '',
        addresses: '[]',
        password_hash: 'x',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const placed = [
      ['2025-01-03T00:00:00.000Z', 'ordered'],
      ['2025-01-01T00:00:00.000Z', 'delivered'],
      ['2025-01-02T00:00:00.000Z', 'cancelled'],
    ] as const;
    for (const [at, status] of placed) {
      await old
        .insertInto('orders')
        .values({
          id: newId(Date.parse(at)),
          user_id: userId,
          user_phone: '9000000009',
          address: 'x',
          status,
          total_mrp: 1,
          total: 1,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await migrateToLatest(database);
    const rows = await database.db
      .selectFrom('orders')
      .select(['number', 'status', 'advance_state'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { number: 'TSW-10001', status: 'delivered', advance_state: 'waived' },
      { number: 'TSW-10002', status: 'cancelled', advance_state: 'awaiting' },
      { number: 'TSW-10003', status: 'ordered', advance_state: 'awaiting' },
    ]);
    const next = await nextOrderNumber(database.db, 'TSW');
    expect(next).toBe('TSW-10004');
  });

  it('stores and reads a product, an order with lines and its history', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const now = nowIso();
    const productId = newId();
    await db
      .insertInto('products')
      .values({
        id: productId,
        name: 'Rolex Submariner',
        brand: 'Rolex',
        category: 'men watch',
        price: 25000,
        discount_price: 14999,
        description: 'A diver',
        images: '[]',
        color_images: '[]',
        features: '[]',
        tags: '[]',
        stars: 4.5,
        reviews_count: 12,
        status: 'New',
        spinning_text: '',
        in_stock: 1,
        video_url: '',
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    const userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        name: 'Asha',
        phone: '9876543210',
        email: 'a@b.in',
        addresses: '[]',
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const orderId = newId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          number: 'TSW-00001',
          advance_amount: 300,
          user_id: userId,
          user_phone: '9876543210',
          address: 'somewhere long',
          status: 'ordered',
          total_mrp: 25000,
          total: 14999,
          idempotency_key: 'k1',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('order_lines')
        .values({
          order_id: orderId,
          line_no: 1,
          product_id: productId,
          product_name: 'Rolex Submariner',
          image: '',
          price: 25000,
          discount_price: 14999,
          quantity: 1,
        })
        .execute();
      await trx
        .insertInto('order_events')
        .values({ id: newId(), order_id: orderId, status: 'ordered', admin_id: null, created_at: now })
        .execute();
    });
    const product = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    expect(Number(product.price)).toBe(25000);
    expect(Number(product.stars)).toBe(4.5);
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
    expect(lines).toHaveLength(1);
  });

  it('refuses a duplicate phone number and a duplicate idempotency key', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const now = nowIso();
    const user = { name: 'A', email: 'a@b.in', addresses: '[]', password_hash: 'x', created_at: now, updated_at: now };
    await db
      .insertInto('users')
      .values({ ...user, id: newId(), phone: '9000000000' })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, id: newId(), phone: '9000000000' })
        .execute(),
    ).rejects.toThrow();
  });

  it('uses the category indexes for listings', async () => {
    database = await createTestDatabase(dialect);
    if (dialect === 'sqlite') {
      const plan = database.sqlite
        ?.prepare(
          "explain query plan select id from products where deleted_at is null and category = 'men watch' order by discount_price limit 40",
        )
        .all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX products_cat_price/);
    } else {
      const rows = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'products'`.execute(database.db);
      expect(rows.rows.map((r) => r.indexname)).toContain('products_cat_price');
    }
  });
});

describe('SQLite settings', () => {
  it('opens in WAL mode with foreign keys on and synchronous FULL', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      expect(database.sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(database.sqlite?.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(database.sqlite?.pragma('synchronous', { simple: true })).toBe(2);
      expect(database.sqlite?.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      await database.cleanup();
    }
  });
});
