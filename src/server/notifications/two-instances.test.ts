/**
 * Several app processes on one PostgreSQL: two app instances, each with its own
 * connection pool, drain one outbox through one SMTP server at the same time,
 * and every message is received exactly once (the SKIP LOCKED claim).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-support/databases.ts';
import { mailApp, outboxRows, until } from '../test-support/mail-app.ts';
import { startTestSmtp } from '../test-support/smtp.ts';
import { countUnsent, queueMail } from './outbox.ts';
import { outboxMessageId } from './worker.ts';

// Each send opens its own SMTP connection, and the test server waits 100 ms before its greeting.
const MESSAGES = 40;

describe.skipIf(!TEST_DATABASE_URL)('mail from two app instances on one PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(`sends each of ${MESSAGES} messages exactly once`, async () => {
    const database: TestDatabase = await createTestDatabase('postgres');
    cleanups.push(database.cleanup);
    const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: database.schema, poolSize: 5 });
    cleanups.push(() => second.db.destroy());
    const smtp = await startTestSmtp();
    cleanups.push(smtp.close);

    // Both built but not started, the outbox filled, then both started at once: they race for every message.
    const a = await mailApp(database, { smtpUrl: smtp.url, ready: false });
    const b = await mailApp({ ...second, dataDir: database.dataDir }, { smtpUrl: smtp.url, ready: false });
    cleanups.push(
      () => a.app.close(),
      () => b.app.close(),
    );
    for (let i = 0; i < MESSAGES; i += 20) {
      await writeTransaction(a.app.db, async (trx) => {
        for (let n = i; n < i + 20; n++) {
          await queueMail(trx, { kind: 'test', to: `s${n}@example.in`, subject: `m${n}`, text: 't', html: '<p>t</p>' });
        }
      });
    }
    await Promise.all([a.app.ready(), b.app.ready()]);

    await smtp.waitForReceived(MESSAGES, 90_000);
    await until(async () => (await countUnsent(a.app.db)) === 0, 'every row to be marked sent', 90_000);
    // Stop both (any send still in flight finishes or is abandoned) before counting.
    await Promise.all([a.app.close(), b.app.close()]);

    const rows = await outboxRows(a.app);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => outboxMessageId(r.id, a.config.shop.email))));
    expect(rows.every((r) => r.attempts === 1 && r.sent_at !== null)).toBe(true);
  }, 120_000);
});
