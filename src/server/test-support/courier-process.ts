/**
 * A second app process for the courier bookings' two-process test (shipping/two-processes.test.ts):
 * opens the same database, says "ready", waits for "go" on stdin, runs the courier job worker until
 * no job is waiting, prints how many bookings it made as JSON, and exits.
 * Usage: node --import tsx courier-process.ts '{"databaseUrl","schema","env"}'
 */
import { once } from 'node:events';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { countWaitingJobs } from '../shipping/booking-jobs.ts';
import { CourierWorker } from '../shipping/booking-worker.ts';

interface Job {
  databaseUrl: string;
  schema: string;
  env: Record<string, string>;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const { db } = openDatabase({ databaseUrl: job.databaseUrl, pgSchema: job.schema, poolSize: 5 });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...job.env });
let booked = 0;
const log = {
  info: (_obj: object, msg: string) => {
    if (msg === 'courier booked') booked++;
  },
  warn: () => {},
  error: () => {},
};
const worker = new CourierWorker(db, config, config.courier.create(), log, {
  pollMs: 10,
  backoffMs: 10,
  trackPollMs: 0,
});
process.stdout.write('ready\n');
await once(process.stdin, 'data');
worker.start();
while ((await countWaitingJobs(db)) > 0) await new Promise((r) => setTimeout(r, 20));
await worker.stop();
process.stdout.write(`${JSON.stringify({ booked })}\n`);
await db.destroy();
process.exit(0);
