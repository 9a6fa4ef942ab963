/**
 * Entry point: loads configuration, opens and migrates the database, creates
 * the first admin, optionally seeds the demo catalogue, listens, and shuts
 * down gracefully (in-flight requests finish, then the database closes).
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureFirstAdmin } from './admin/first-admin.ts';
import { buildApp } from './app.ts';
import { pruneLoginAddresses } from './auth/login-limits.ts';
import { pruneRateLimits } from './auth/rate-limit.ts';
import { pruneSessions } from './auth/sessions.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

export const WEB_DIST_DIR = resolve(import.meta.dirname, '../../dist/web');

export interface StartOptions {
  /** Seed the demo catalogue when the database has no products (npm start). */
  seedDemo?: boolean;
  /**
   * With it the demo shopper (published password), their orders and the demo
   * leads. Outside production by default; in production only npm start's
   * local demo asks for them, never a deployment (docs/decisions/007-security.md, "Safe defaults").
   */
  demoPeople?: boolean;
}

/** A deployment names its address or its database; npm start without either is the local demo. */
export function isDeployment(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.PUBLIC_URL || env.DATABASE_URL);
}

/**
 * npm start's configuration (scripts/start.ts): production, and for the local
 * demo http://localhost:PORT standing in for PUBLIC_URL, with the demo people.
 * A deployment gets neither: without PUBLIC_URL it does not start.
 */
export function loadStartConfig(env: NodeJS.ProcessEnv = process.env): { config: Config; demoPeople: boolean } {
  const deployment = isDeployment(env);
  const local = deployment ? {} : { PUBLIC_URL: `http://localhost:${env.PORT || 3000}` };
  return { config: loadConfig({ NODE_ENV: 'production', ...local, ...env }), demoPeople: !deployment };
}

/** Seeds the demo into an empty database: the catalogue, and the demo people only where `options` allow. */
export async function seedEmptyStore(app: FastifyInstance, options: StartOptions): Promise<void> {
  const { config } = app;
  if (config.seedProducts === 0) return;
  const { isDatabaseEmpty, seedDemo } = await import('./seed/index.ts');
  if (!(await isDatabaseEmpty(app.db))) return;
  app.log.info(`Empty database: seeding ${config.seedProducts} demo products`);
  const result = await seedDemo(app.db, {
    products: config.seedProducts,
    media: app.media,
    orderSettings: config,
    people: options.demoPeople ?? config.env !== 'production',
  });
  app.log.info(`Seeded ${result.products} products and ${result.images} images in ${result.ms} ms`);
}

export async function startServer(config: Config, options: StartOptions = {}) {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, webDistDir: WEB_DIST_DIR });
  app.addHook('onClose', async () => {
    await database.db.destroy();
  });

  const admin = await ensureFirstAdmin(database.db, config.admin);
  if (admin?.generatedPassword) {
    // Printed once, on the first start only; it is stored only as a hash.
    console.log(
      `\n  First admin created. Log in at /dashboard with\n    username: ${admin.username}\n    password: ${admin.generatedPassword}\n  (shown only this once: keep it safe, or set ADMIN_PASSWORD before the first start)\n`,
    );
  } else if (admin) {
    console.log(`\n  First admin "${admin.username}" created from ADMIN_USERNAME/ADMIN_PASSWORD.\n`);
  }

  if (options.seedDemo) await seedEmptyStore(app, options);

  const maintenance = setInterval(() => {
    Promise.all([pruneSessions(database.db), pruneRateLimits(database.db), pruneLoginAddresses(database.db)]).catch(
      (err) => app.log.error({ err }, 'maintenance failed'),
    );
  }, 60 * 60_000);
  maintenance.unref();
  app.addHook('onClose', async () => clearInterval(maintenance));

  let closing = false;
  // While closing, answers tell the client to drop the connection: a keep-alive connection
  // still busy when the close began would otherwise hold the exit for its idle timeout (5 s).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.listen({ host: config.host, port: config.port });
  console.log(`  ${config.shop.name} is open at http://localhost:${config.port} (${database.dialect})`);

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests and closing`);
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server/main.ts')) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  startServer(config, { seedDemo: process.env.SEED_DEMO !== 'false' }).catch((err) => {
    console.error('The server could not start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
