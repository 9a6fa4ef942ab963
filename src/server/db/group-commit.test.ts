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
