/**
 * A second app process for the invoice series' concurrency test (series.test.ts): opens the same
 * database, says "ready", waits for "go" on stdin, dispatches its orders all at once through the real
 * state change, prints what each answered as JSON, and exits.
 * Usage: node --import tsx dispatch-process.ts '{"sqlitePath"|"databaseUrl","schema","env","adminId","numbers"}'
 */
import { once } from 'node:events';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { installOrderHooks } from '../order-hooks.ts';
import { setOrderState } from '../orders/order-changes.ts';

interface Job {
  sqlitePath?: string;
  databaseUrl?: string;
  schema?: string;
  env: Record<string, string>;
  adminId: string;
  numbers: string[];
}

installOrderHooks();
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const { db } = openDatabase(
  job.databaseUrl
    ? { databaseUrl: job.databaseUrl, pgSchema: job.schema, poolSize: 5 }
    : { sqlitePath: job.sqlitePath! },
);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...job.env });
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const answers = await Promise.all(
  job.numbers.map((n) =>
    setOrderState(db, config, n, 'dispatched', job.adminId).then(
      () => 'ok',
      (err: unknown) => String(err),
    ),
  ),
);
process.stdout.write(`${JSON.stringify(answers)}\n`);
await db.destroy();
process.exit(0);
