/**
 * Two app processes on one PostgreSQL book the same queue of orders at once: each order is booked
 * once (one courier order, one AWB), whichever process took it. The lease claim (booking-jobs.ts
 * claimJob) is what keeps them apart. PostgreSQL only: the store never runs two processes on one
 * SQLite file.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/app.ts';
import { createCourierTestApp, orderDesk, until } from '../test-support/courier-app.ts';
import { TEST_DATABASE_URL } from '../test-support/databases.ts';
import { countWaitingJobs, requestBookings } from './booking-jobs.ts';
import { CourierWorker } from './booking-worker.ts';
import { type FakeShiprocket, startFakeShiprocket } from './couriers/shiprocket/fake.ts';

describe.skipIf(!TEST_DATABASE_URL)('two app processes booking on one PostgreSQL', () => {
  let fake: FakeShiprocket;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeShiprocket();
    // This process's app keeps its own worker still: the test runs one worker per process, at once.
    t = await createCourierTestApp({ dialect: 'postgres', fake, courierJobs: { pollMs: 3_600_000 } });
    await t.app.courierJobs.worker!.stop();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('books each order once, whichever process takes it', async () => {
    const desk = await orderDesk(t);
    const numbers: string[] = [];
    for (let i = 0; i < 40; i++) numbers.push(await desk.order());
    await requestBookings(t.app.db, 'shiprocket', numbers);

    const other = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '../test-support/courier-process.ts'),
        JSON.stringify({
          databaseUrl: TEST_DATABASE_URL,
          schema: t.database.schema,
          env: { ...fake.env(), DATA_DIR: t.database.dataDir },
        }),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');

    let ours = 0;
    const log = {
      info: (_o: object, msg: string) => {
        if (msg === 'courier booked') ours++;
      },
      warn: () => {},
      error: () => {},
    };
    const worker = new CourierWorker(t.app.db, t.config, t.app.courier, log, {
      pollMs: 10,
      backoffMs: 10,
      trackPollMs: 0,
    });
    // Both start together.
    other.stdin!.write('go\n');
    worker.start();
    await until(async () => (await countWaitingJobs(t.app.db)) === 0, 'the queue to drain', 60_000);
    await worker.stop();
    const theirs = JSON.parse((await lines.next()).value as string) as { booked: number };
    await once(other, 'exit');

    expect(ours + theirs.booked).toBe(40);
    expect(fake.orders.size).toBe(40);
    expect(fake.requests.filter((r) => r.path.endsWith('/orders/create/adhoc'))).toHaveLength(40);
    expect(fake.requests.filter((r) => r.path.endsWith('/courier/assign/awb'))).toHaveLength(40);
    expect(fake.requests.filter((r) => r.path.endsWith('/courier/generate/pickup'))).toHaveLength(40);
    const rows = await t.app.db.selectFrom('shipments').select(['awb', 'booking_state']).execute();
    expect(rows.filter((r) => r.booking_state === 'booked')).toHaveLength(40);
    expect(new Set(rows.map((r) => r.awb)).size).toBe(40);
  }, 180_000);
});
