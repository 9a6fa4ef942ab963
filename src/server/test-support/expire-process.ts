/**
 * A second app process for the expiry's concurrency test (unpaid.test.ts): opens the same database,
 * says "ready", waits for "go" on stdin, runs the unpaid-order expiry (or, with task "remind", the
 * reminder before it) at the given time, prints the numbers it expired (reminded) as JSON, and exits.
 * Usage: node --import tsx expire-process.ts '{"sqlitePath"|"databaseUrl","schema","env","now","task"?}'
 */
import { once } from 'node:events';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { installOrderHooks } from '../order-hooks.ts';
import { expireUnpaidOrders, remindUnpaidOrders } from '../orders/unpaid.ts';

interface Job {
  sqlitePath?: string;
  databaseUrl?: string;
  schema?: string;
  env: Record<string, string>;
  now: number;
  task?: 'expire' | 'remind';
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
const expired = await (job.task === 'remind' ? remindUnpaidOrders : expireUnpaidOrders)(db, config, job.now);
process.stdout.write(`${JSON.stringify(expired)}\n`);
await db.destroy();
process.exit(0);
