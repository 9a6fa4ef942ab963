import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-support/databases.ts';
import { migrateToLatest } from './migrate.ts';

describe.skipIf(!TEST_DATABASE_URL)('migrations beside schemas being dropped (PostgreSQL)', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of opened) await d.cleanup();
  });

  it('a schema dropped while Kysely lists every schema does not stop a migration', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const names = Array.from({ length: 150 }, (_, i) => `race_${process.pid}_${i}`);
    for (const name of names) {
      await client.query(`create schema ${name}`);
      await client.query(`create table ${name}.t (a int, b text, c text, d text)`);
    }
    let dropping = true;
    const drops = (async () => {
      for (const name of names) await client.query(`drop schema ${name} cascade`);
      dropping = false;
    })();
    let migrated = 0;
    try {
      while (dropping) {
        const database = await createTestDatabase('postgres', false);
        opened.push(database);
        await migrateToLatest(database);
        migrated++;
      }
    } finally {
      await drops;
      await client.end();
    }
    expect(migrated).toBeGreaterThan(0);
  }, 120_000);
});
