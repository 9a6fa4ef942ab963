import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { ensureFirstAdmin } from './first-admin.ts';

describe.each(TEST_DIALECTS)('the first admin on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.cleanup());

  it('is created once when several app processes start together on a new database', async () => {
    const owner = { username: 'owner', password: 'first-admin-passphrase' };
    const results = await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(database.db, owner)));
    expect(results.filter((r) => r !== null)).toEqual([{ username: 'owner' }]);
    const admins = await database.db.selectFrom('admins').select('username').execute();
    expect(admins).toEqual([{ username: 'owner' }]);
    expect(await ensureFirstAdmin(database.db, owner)).toBeNull();
  });
});
