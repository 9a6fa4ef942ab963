/**
 * The real app with a mail server configured, on a real test database, for the
 * mail tests (like test-support/app.ts, plus SMTP_URL and the worker's timings).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { OutboxRow } from '../db/tables.ts';
import type { MailWorkerOptions } from '../notifications/worker.ts';
import type { TestDatabase } from './databases.ts';

export const OWNER = 'owner@example.in';

export async function mailApp(
  database: Pick<TestDatabase, 'db' | 'dialect' | 'sqlite' | 'dataDir'>,
  options: { smtpUrl?: string; mail?: MailWorkerOptions; env?: Record<string, string>; ready?: boolean } = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    OWNER_EMAIL: OWNER,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  config.uploadsDir = join(database.dataDir, 'uploads');
  const app = await buildApp({
    config,
    database: { db: database.db, dialect: database.dialect, sqlite: database.sqlite },
    logger: false,
    ...(options.mail ? { mail: options.mail } : {}),
  });
  if (options.ready !== false) await app.ready();
  return { app, config };
}

export { until } from './until.ts';

export async function outboxRows(app: FastifyInstance): Promise<OutboxRow[]> {
  return app.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();
}
