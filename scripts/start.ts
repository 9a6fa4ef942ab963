/**
 * npm start: build the web app when needed, then migrate, create the first admin,
 * seed the demo catalogue into an empty database and serve (src/server/main.ts).
 */
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/main.ts';
import { buildWebIfStale } from './lib.ts';

try {
  const config = loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', ...process.env });
  await buildWebIfStale();
  await startServer(config, { seedDemo: true });
} catch (err) {
  console.error(
    err instanceof ConfigError ? err.message : `Could not start: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
}
