/**
 * Builds the real app on a real test database for API tests (app.inject, no port).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
}

export async function createTestApp(
  options: {
    dialect?: Dialect;
    env?: Record<string, string>;
    webDistDir?: string;
    /** Adds test-only routes before the app is ready. */
    configure?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  config.uploadsDir = join(database.dataDir, 'uploads');
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}

/** The cookie header that carries the session cookies a response set. */
export function cookiesFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}
