/**
 * A second app instance on the test app's own database (another connection
 * pool, as another process behind a load balancer would have): limits kept in
 * process memory would not be shared with it.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import type { TestApp } from '../../../src/server/test-support/app.ts';
import { TEST_DATABASE_URL } from '../../../src/server/test-support/databases.ts';

export async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database =
    t.database.dialect === 'postgres'
      ? openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: t.database.schema, poolSize: 5 })
      : openDatabase({ sqlitePath: join(t.database.dataDir, 'store.sqlite') });
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.db.destroy();
    },
  };
}
