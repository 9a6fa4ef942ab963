/**
 * npm start: build the web app when needed, then migrate, create the first admin,
 * seed the demo catalogue into an empty database and serve (src/server/main.ts).
 *
 * A deployment names its address (PUBLIC_URL) or its database (DATABASE_URL).
 * Without either, npm start is the local demo a newcomer opens at
 * http://localhost:PORT, with the demo shopper, orders and leads; a deployment
 * never gets them, and refuses to start without PUBLIC_URL
 * (loadStartConfig; docs/decisions/007-security.md, "Safe defaults").
 */
import { ConfigError } from '../src/server/config.ts';
import { loadStartConfig, startServer } from '../src/server/main.ts';
import { buildWebIfStale } from './lib.ts';

try {
  const { config, demoPeople } = loadStartConfig();
  await buildWebIfStale();
  if (demoPeople) {
    console.log(
      '  No PUBLIC_URL or DATABASE_URL: this is the local demo, with a demo shopper whose password is published.\n  To run the shop for real, set PUBLIC_URL (see README.md#configuration).',
    );
  }
  await startServer(config, { seedDemo: true, demoPeople });
} catch (err) {
  console.error(
    err instanceof ConfigError ? err.message : `Could not start: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
}
