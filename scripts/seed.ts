/**
 * npm run seed -- [--products N] [--data-dir DIR] [--seed S]: fills the store with
 * demo data (products, generated pictures, home content; and on a local demo store, the
 * demo shopper, orders and leads, never on a deployment with PUBLIC_URL or DATABASE_URL).
 * N defaults to SEED_PRODUCTS; DIR to DATA_DIR. Uses DATABASE_URL when set.
 */
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openStorage } from '../src/server/media/storage/open-storage.ts';
import { DEFAULT_SEED, DEMO_SHOPPER, isDatabaseEmpty, mulberry32, seedDemo } from '../src/server/seed/index.ts';
import { flag } from './lib.ts';

const USAGE = 'Usage: npm run seed -- [--products N] [--data-dir DIR] [--seed NUMBER]';

function wholeNumber(name: string, max: number): number | undefined {
  const text = flag(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}.\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

const products = wholeNumber('products', 1_000_000);
const seed = wholeNumber('seed', 4_294_967_295);
const dataDir = flag('data-dir');

try {
  const config = loadConfig(dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
  });
  const { db } = database;
  const media = openStorage(config);
  const deployment = Boolean(config.publicUrl || config.databaseUrl);
  try {
    await migrateToLatest(database);
    const empty = await isDatabaseEmpty(db);
    if (!empty) console.log('The store already has products: adding more.');
    // A second run with the default seed would repeat the first one's products, so vary it.
    const random = mulberry32(seed ?? (empty ? DEFAULT_SEED : Date.now() >>> 0));
    const count = products ?? config.seedProducts;
    console.log(`Seeding ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath}, pictures in ${media.location}`);
    const result = await seedDemo(db, {
      products: count,
      media,
      random,
      log: console.log,
      orderSettings: config,
      // A deployment (PUBLIC_URL or DATABASE_URL given) never gets the demo shopper, whose
      // password is published, nor demo orders and leads (docs/decisions/007-security.md).
      people: !deployment,
    });
    console.log(
      `Done: ${result.products.toLocaleString('en-IN')} products, ${result.images} pictures in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    if (deployment) console.log('A deployment: no demo shopper, orders or leads were added.');
    else console.log(`Demo shopper: phone ${DEMO_SHOPPER.phone}, password ${DEMO_SHOPPER.password}`);
  } finally {
    await media.close();
    await db.destroy();
  }
} catch (err) {
  console.error(
    err instanceof ConfigError ? err.message : `Seeding failed: ${err instanceof Error ? err.message : err}`,
  );
  process.exitCode = 1;
}
