import type { Socket } from 'node:net';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-support/databases.ts';

/** Counts the socket writes of every connection the pool hands out from now on (a corked batch is one). */
function countWrites(pool: pg.Pool): { count: () => number } {
  let writes = 0;
  const counted = new WeakSet<object>();
  pool.on('acquire', (client) => {
    const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    if (counted.has(stream)) return;
    counted.add(stream);
    const internal = stream as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    for (const method of ['_write', '_writev'] as const) {
      const original = internal[method].bind(stream);
      internal[method] = (...args: unknown[]) => {
        writes++;
        return original(...args);
      };
    }
  });
  return { count: () => writes };
}

describe.skipIf(!TEST_DATABASE_URL)('a transaction’s BEGIN leaves with its first statement (decision 074)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  const key = (n: number) => `pg-begin-${n}`;

  it('writes BEGIN and the first statement once, then each statement and the COMMIT', async () => {
    database = await createTestDatabase('postgres');
    const { db, pool } = database;
    if (!pool) throw new Error('no pool');
    // A connection opened before counting starts, so its start-up is not counted.
    await db.selectFrom('counters').select('value').execute();
    const writes = countWrites(pool);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('counters')
        .values({ key: key(1), value: 1 })
        .execute();
      await trx.updateTable('counters').set({ value: 2 }).where('key', '=', key(1)).execute();
    });
    expect(writes.count()).toBe(3);
    const [row] = await db.selectFrom('counters').select('value').where('key', '=', key(1)).execute();
    expect(Number(row?.value)).toBe(2);
  });

  it('keeps the transaction: unseen by others until COMMIT, gone after a ROLLBACK', async () => {
    database = await createTestDatabase('postgres');
    const { db } = database;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('counters')
          .values({ key: key(2), value: 1 })
          .execute();
        // Another connection does not see it: the insert ran inside the transaction.
        expect(await db.selectFrom('counters').select('key').where('key', '=', key(2)).execute()).toEqual([]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('counters').select('key').where('key', '=', key(2)).execute()).toEqual([]);
  });

  it('sends nothing for a transaction that ends before any statement, and the connection stays usable', async () => {
    database = await createTestDatabase('postgres');
    const { db, pool } = database;
    if (!pool) throw new Error('no pool');
    await db.selectFrom('counters').select('value').execute();
    const writes = countWrites(pool);
    await expect(
      db.transaction().execute(async () => {
        throw new Error('refused before any statement');
      }),
    ).rejects.toThrow('refused before any statement');
    expect(await db.transaction().execute(async () => 'nothing to do')).toBe('nothing to do');
    expect(writes.count()).toBe(0);
    await db.connection().execute(async (conn) => {
      const [{ inTransaction } = { inTransaction: null }] = await conn
        .selectNoFrom((eb) => eb.fn<boolean>('pg_current_xact_id_if_assigned', []).as('inTransaction'))
        .execute();
      expect(inTransaction).toBeNull();
    });
  });

  it('rolls back a transaction whose first statement fails, and the next one starts clean', async () => {
    database = await createTestDatabase('postgres');
    const { db } = database;
    await db
      .insertInto('counters')
      .values({ key: key(3), value: 1 })
      .execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('counters')
          .values({ key: key(3), value: 2 })
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('counters')
        .values({ key: key(4), value: 1 })
        .execute();
    });
    const keys = await db
      .selectFrom('counters')
      .select('key')
      .where('key', 'in', [key(3), key(4)])
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual([key(3), key(4)]);
  });
});
