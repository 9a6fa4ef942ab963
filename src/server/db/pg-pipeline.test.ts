import type { Socket } from 'node:net';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-support/databases.ts';
import { sentWithNext } from './sent-with-next.ts';

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

describe.skipIf(!TEST_DATABASE_URL)(
  'a transaction’s BEGIN and marked writes leave with the next statement (decisions 074, 076)',
  () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.cleanup();
      database = undefined;
    });

    const key = (n: number) => `pg-pipeline-${n}`;

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

    it('sends marked writes with the next statement, which sees them, and commits them (decision 076)', async () => {
      database = await createTestDatabase('postgres');
      const { db, pool } = database;
      if (!pool) throw new Error('no pool');
      await db.selectFrom('counters').select('value').execute();
      const writes = countWrites(pool);
      const seen = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('counters')
          .values({ key: key(5), value: 1 })
          .execute();
        await sentWithNext(trx.insertInto('counters').values({ key: key(6), value: 1 })).execute();
        await sentWithNext(trx.updateTable('counters').set({ value: 2 }).where('key', '=', key(5))).execute();
        return trx
          .selectFrom('counters')
          .select(['key', 'value'])
          .where('key', 'in', [key(5), key(6)])
          .orderBy('key')
          .execute();
      });
      // BEGIN with the insert; the two marked writes with the select; the COMMIT.
      expect(writes.count()).toBe(3);
      expect(seen.map((r) => [r.key, Number(r.value)])).toEqual([
        [key(5), 2],
        [key(6), 1],
      ]);
      const stored = await db
        .selectFrom('counters')
        .select('key')
        .where('key', 'in', [key(5), key(6)])
        .execute();
      expect(stored).toHaveLength(2);
    });

    it('fails the next statement, or the COMMIT, with a marked write’s failure: nothing is committed', async () => {
      database = await createTestDatabase('postgres');
      const { db } = database;
      await db
        .insertInto('counters')
        .values({ key: key(7), value: 1 })
        .execute();
      // Failed at the COMMIT: the transaction's last statement was the marked write.
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('counters')
            .values({ key: key(8), value: 1 })
            .execute();
          await sentWithNext(trx.insertInto('counters').values({ key: key(7), value: 2 })).execute();
        }),
      ).rejects.toMatchObject({ code: '23505' });
      // Failed at the next statement, which the caller sees.
      await expect(
        db.transaction().execute(async (trx) => {
          await sentWithNext(trx.insertInto('counters').values({ key: key(9), value: 1 })).execute();
          await sentWithNext(trx.insertInto('counters').values({ key: key(7), value: 3 })).execute();
          await trx.selectFrom('counters').select('key').execute();
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const keys = await db
        .selectFrom('counters')
        .select(['key', 'value'])
        .where('key', 'in', [key(7), key(8), key(9)])
        .execute();
      expect(keys.map((k) => [k.key, Number(k.value)])).toEqual([[key(7), 1]]);
    });

    it('drops marked writes at a ROLLBACK, and sends one at once outside a transaction', async () => {
      database = await createTestDatabase('postgres');
      const { db, pool } = database;
      if (!pool) throw new Error('no pool');
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('counters')
            .values({ key: key(10), value: 1 })
            .execute();
          await sentWithNext(trx.insertInto('counters').values({ key: key(11), value: 1 })).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(
        await db
          .selectFrom('counters')
          .select('key')
          .where('key', 'in', [key(10), key(11)])
          .execute(),
      ).toEqual([]);
      const writes = countWrites(pool);
      await sentWithNext(db.insertInto('counters').values({ key: key(12), value: 1 })).execute();
      expect(writes.count()).toBe(1);
      await expect(
        sentWithNext(db.insertInto('counters').values({ key: key(12), value: 2 })).execute(),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await db.selectFrom('counters').select('key').where('key', '=', key(12)).execute()).toHaveLength(1);
    });
  },
);
