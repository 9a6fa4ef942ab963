/**
 * writeTransaction: concurrent writes share commits on SQLite, yet each one
 * still commits whole or not at all, and is durable when its promise resolves.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { writeTransaction } from './group-commit.ts';
import { nowIso } from './ids.ts';
import { isUniqueViolation } from './unique-violation.ts';

describe.each(TEST_DIALECTS)('writeTransaction on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.cleanup());

  const addContent = (key: string, trx: TestDatabase['db']) =>
    trx.insertInto('site_content').values({ key, value: '{}', updated_at: nowIso() }).execute();
  const keys = async (prefix: string) =>
    (await database.db.selectFrom('site_content').select('key').where('key', 'like', `${prefix}%`).execute())
      .map((r) => r.key)
      .sort();

  it('keeps every write of a burst, and nothing of the one that failed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        writeTransaction(database.db, async (trx) => {
          await addContent(`burst-${String(i).padStart(2, '0')}`, trx);
          if (i === 17) throw new Error('the shopper’s cart changed');
          await addContent(`burst-${String(i).padStart(2, '0')}-second`, trx);
          return i;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(39);
    const failed = results[17];
    expect(failed?.status === 'rejected' && (failed.reason as Error).message).toBe('the shopper’s cart changed');
    const stored = await keys('burst-');
    expect(stored).toHaveLength(78);
    expect(stored).not.toContain('burst-17');
    expect(stored).toContain('burst-16-second');
  });

  it('rolls back a write that breaks a constraint and keeps the rest of its group', async () => {
    await addContent('taken', database.db);
    const results = await Promise.allSettled([
      writeTransaction(database.db, (trx) => addContent('group-a', trx)),
      writeTransaction(database.db, async (trx) => {
        await addContent('group-b', trx);
        await addContent('taken', trx);
      }),
      writeTransaction(database.db, (trx) => addContent('group-c', trx)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(isUniqueViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(await keys('group-')).toEqual(['group-a', 'group-c']);
  });

  it.runIf(dialect === 'sqlite')('has committed by the time it resolves (another connection sees it)', async () => {
    const other = new SQLite(join(database.dataDir, 'store.sqlite'), { readonly: true });
    try {
      const seen = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await writeTransaction(database.db, (trx) => addContent(`durable-${i}`, trx));
          return other.prepare('select count(*) as n from site_content where key = ?').get(`durable-${i}`);
        }),
      );
      expect(seen).toEqual(Array.from({ length: 20 }, () => ({ n: 1 })));
    } finally {
      other.close();
    }
  });
});

/**
 * SQLite sometimes rolls a whole transaction back by itself (a full disk, an I/O error); a
 * trigger's RAISE(ROLLBACK) does the same on demand. The caller must see that error, never
 * "no such savepoint" or "cannot rollback - no transaction is active" (issue 26, decision 025).
 */
describe('a transaction SQLite rolled back itself', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    database.sqlite!.exec(`
      create trigger refuse_doomed before insert on site_content when new.key like 'doomed%'
      begin select raise(rollback, 'database or disk is full'); end;`);
  });
  afterAll(() => database.cleanup());

  const add = (key: string, trx: TestDatabase['db']) =>
    trx.insertInto('site_content').values({ key, value: '{}', updated_at: nowIso() }).execute();

  it('fails a plain transaction with SQLite’s own error', async () => {
    await expect(database.db.transaction().execute((trx) => add('doomed-1', trx))).rejects.toThrow(
      'database or disk is full',
    );
    // The connection is usable again.
    await database.db.transaction().execute((trx) => add('fine-1', trx));
  });

  it('fails the whole group with that error, keeping none of it', async () => {
    const results = await Promise.allSettled(
      ['kept-a', 'doomed-2', 'kept-b'].map((key) => writeTransaction(database.db, (trx) => add(key, trx))),
    );
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'));
    expect(reasons.filter((m) => m !== 'ok').every((m) => m.includes('database or disk is full'))).toBe(true);
    expect(reasons).toContain('database or disk is full');
    const rows = await database.db.selectFrom('site_content').select('key').where('key', 'like', 'kept-%').execute();
    // A write that committed in a later group is kept; one in the doomed group is not, and said so.
    expect(rows.length).toBe(reasons.filter((m) => m === 'ok').length);
    await writeTransaction(database.db, (trx) => add('fine-2', trx));
  });
});
