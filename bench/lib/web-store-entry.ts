/**
 * The store serving a private production build of the web app (BENCH_WEB_DIST)
 * for the pages, html, bytes and images benchmarks. src/server/main.ts always serves
 * dist/web, which other engineers rebuild (and empty) at any time on the shared
 * machine; a rebuild mid-Lighthouse would break the run. Same buildApp, same
 * configuration and database as main.ts; only the built folder differs.
 */
import { ensureFirstAdmin } from '../../src/server/admin/first-admin.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

const webDistDir = process.env.BENCH_WEB_DIST;
if (!webDistDir) throw new Error('BENCH_WEB_DIST must name the built web app folder');
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  poolSize: config.databasePoolSize,
});
await migrateToLatest(database);
const app = await buildApp({ config, database, webDistDir });
app.addHook('onClose', async () => {
  await database.db.destroy();
});
await ensureFirstAdmin(database.db, config.admin);
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
