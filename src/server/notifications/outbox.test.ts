/**
 * The outbox and its worker against a real SMTP server in this process and the
 * real databases: sending, retries with backoff while the server is down, a
 * hung server that never holds an order nor the shutdown, and the unsent list.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelay } from '../background/poll-loop.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { mailApp, outboxRows, until } from '../test-support/mail-app.ts';
import { startTestSmtp, type TestSmtp } from '../test-support/smtp.ts';
import { countUnsent, listUnsent, queueMail } from './outbox.ts';
import { dueMailQuery, outboxMessageId } from './worker.ts';

const mail = (n = 1) => ({
  kind: 'test',
  to: `shopper${n}@example.in`,
  subject: `Test message ${n} – ₹1,23,456`,
  text: `Hello ${n}, your order is ₹1,23,456.`,
  html: `<p>Hello ${n}, your order is <b>₹1,23,456</b>.</p>`,
});

/** A port nothing listens on (yet). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A TCP server that accepts connections and never says a word (a hung mail server). */
async function silentServer(): Promise<{ port: number; sockets: Socket[]; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    sockets,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}

describe('retryDelay', () => {
  it('doubles from the base after every failure, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 10_000, 3_600_000))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
    expect(retryDelay(20, 10_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelay(3, 0, 3_600_000)).toBe(0);
  });
});

describe.each(TEST_DIALECTS)('mail outbox on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  async function database(): Promise<TestDatabase> {
    const d = await createTestDatabase(dialect);
    cleanups.push(d.cleanup);
    return d;
  }
  async function smtp(options: Parameters<typeof startTestSmtp>[0] = {}): Promise<TestSmtp> {
    const s = await startTestSmtp(options);
    cleanups.push(s.close);
    return s;
  }
  async function app(d: TestDatabase, options: Parameters<typeof mailApp>[1]) {
    const built = await mailApp(d, options);
    cleanups.push(() => built.app.close());
    return built;
  }

  it('sends a queued message through SMTP_URL (with its credentials), from the shop, with the outbox id as Message-ID', async () => {
    const d = await database();
    const server = await smtp({ auth: { user: 'shop', pass: 's3cret:pass' } });
    const { app: a, config } = await app(d, { smtpUrl: server.url });
    await writeTransaction(a.db, (trx) => queueMail(trx, { ...mail(1), orderId: null }));
    a.mail.nudge();
    const [got] = await server.waitForReceived(1);
    const [row] = await until(
      async () => ((await outboxRows(a))[0]?.sent_at ? outboxRows(a) : null),
      'the row to be marked sent',
    );
    expect(got).toMatchObject({
      to: ['shopper1@example.in'],
      from: config.shop.email,
      subject: 'Test message 1 – ₹1,23,456',
      messageId: outboxMessageId(row!.id, config.shop.email),
    });
    expect(got!.text.trim()).toBe('Hello 1, your order is ₹1,23,456.');
    expect(got!.html).toContain('<b>₹1,23,456</b>');
    expect(got!.raw).toContain(`From: ${config.shop.name} <${config.shop.email}>`);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(await countUnsent(a.db)).toBe(0);
  });

  it('sends nothing that was rolled back with its change', async () => {
    const d = await database();
    const server = await smtp();
    const { app: a } = await app(d, { smtpUrl: server.url });
    await expect(
      writeTransaction(a.db, async (trx) => {
        await queueMail(trx, mail(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(2)));
    a.mail.nudge();
    await server.waitForReceived(1);
    expect(server.received.map((m) => m.to)).toEqual([['shopper2@example.in']]);
    expect((await outboxRows(a)).map((r) => r.to_address)).toEqual(['shopper2@example.in']);
  });

  it('finds the next due message through outbox_due, skipping held ones, with no sort of the queue', async () => {
    const d = await database();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `m${String(i).padStart(2, '0')}`,
      kind: 'test',
      to_address: `shopper${i}@example.in`,
      subject: 's',
      text_body: 't',
      html_body: 'h',
      // The oldest two wait behind WhatsApp messages (held): the first due is m02.
      held_for: i < 2 ? `wa${i}` : null,
      created_at: at(i),
      next_attempt_at: at(i),
    }));
    await d.db.insertInto('outbox').values(rows).execute();
    const query = dueMailQuery(d.db, at(60));
    expect((await query.execute()).map((r) => r.id)).toEqual(['m02']);
    if (dialect === 'sqlite') {
      // Decision 073: written plainly, `held_for is null` became a look-up in outbox_held_for, then a
      // sort of every unsent unheld row, per message sent.
      const compiled = query.compile();
      const plan = (await d.db.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}` })).rows as Array<{
        detail: string;
      }>;
      const text = plan.map((p) => p.detail).join(' | ');
      expect(text).toContain('USING INDEX outbox_due');
      expect(text).not.toMatch(/TEMP B-TREE|outbox_held_for/);
    }
  });

  it('without SMTP_URL keeps messages unsent and lists them newest first', async () => {
    const d = await database();
    const { app: a } = await app(d, {});
    a.mail.nudge(); // does nothing
    for (const n of [1, 2, 3]) await writeTransaction(a.db, (trx) => queueMail(trx, mail(n)));
    expect(await countUnsent(a.db)).toBe(3);
    const listed = await listUnsent(a.db, 2);
    expect(listed).toEqual([
      {
        to: 'shopper3@example.in',
        subject: mail(3).subject,
        createdAt: expect.any(String),
        attempts: 0,
        lastError: null,
      },
      {
        to: 'shopper2@example.in',
        subject: mail(2).subject,
        createdAt: expect.any(String),
        attempts: 0,
        lastError: null,
      },
    ]);
    expect(Date.parse(listed[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.createdAt));
  });

  it('keeps a message while the mail server is down (attempts, last error) and sends it once it is back', async () => {
    const d = await database();
    const port = await freePort();
    // No backoff and a quick poll: retries follow one another; the test waits for them, not for time.
    const { app: a } = await app(d, { smtpUrl: `smtp://127.0.0.1:${port}`, mail: { pollMs: 20, backoffMs: 0 } });
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(1)));
    a.mail.nudge();
    const failing = await until(async () => {
      const [r] = await outboxRows(a);
      return r && r.attempts >= 2 && r;
    }, 'two failed attempts');
    expect(failing.sent_at).toBeNull();
    expect(failing.last_error).toMatch(/ECONNREFUSED/);
    const [listed] = await listUnsent(a.db, 10);
    expect(listed).toMatchObject({ to: 'shopper1@example.in' });
    expect(listed!.attempts).toBeGreaterThanOrEqual(2);
    expect(listed!.lastError).toMatch(/ECONNREFUSED/);

    const server = await smtp({ port });
    const [got] = await server.waitForReceived(1);
    const sent = await until(async () => {
      const [r] = await outboxRows(a);
      return r?.sent_at ? r : null;
    }, 'the row to be marked sent');
    expect(got!.messageId).toBe(outboxMessageId(sent.id, 'support@timesquarewatches.in'));
    expect(sent.attempts).toBeGreaterThan(2);
    expect(sent.last_error).toBeNull();
    await a.close();
    expect(server.received).toHaveLength(1);
  });

  it('waits out the backoff: a failed message is not retried before its time while others go out', async () => {
    const d = await database();
    const server = await smtp({ mode: 'refuse' });
    const hour = 3_600_000;
    const { app: a } = await app(d, { smtpUrl: server.url, mail: { pollMs: 20, backoffMs: hour } });
    const before = Date.now();
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(1)));
    a.mail.nudge();
    const failed = await until(async () => {
      const [r] = await outboxRows(a);
      return r && r.attempts === 1 && r;
    }, 'the first failed attempt');
    expect(failed.last_error).toMatch(/451/);
    expect(Date.parse(failed.next_attempt_at) - before).toBeGreaterThanOrEqual(hour);

    server.mode = 'accept';
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(2)));
    a.mail.nudge();
    await server.waitForReceived(1);
    await until(async () => (await outboxRows(a)).find((r) => r.to_address === 'shopper2@example.in')?.sent_at, 'sent');
    await a.close();
    expect(server.received.map((m) => m.to[0])).toEqual(['shopper2@example.in']);
    const first = (await outboxRows(a)).find((r) => r.to_address === 'shopper1@example.in');
    expect(first).toMatchObject({ attempts: 1, sent_at: null });
  });

  it('gives up on a server that never greets after the greeting timeout', async () => {
    const d = await database();
    const silent = await silentServer();
    cleanups.push(silent.close);
    const { app: a } = await app(d, {
      smtpUrl: `smtp://127.0.0.1:${silent.port}`,
      mail: { backoffMs: 3_600_000, timeouts: { greetingMs: 200 } },
    });
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(1)));
    a.mail.nudge();
    const failed = await until(async () => {
      const [r] = await outboxRows(a);
      return r?.last_error ? r : null;
    }, 'the timed-out attempt');
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/ETIMEDOUT|greeting/i);
  });

  it('a hung mail server holds neither new orders nor the shutdown; the abandoned send stays due', async () => {
    const d = await database();
    const silent = await silentServer();
    cleanups.push(silent.close);
    const long = { connectionMs: 120_000, greetingMs: 120_000, socketMs: 120_000 };
    const { app: a } = await app(d, {
      smtpUrl: `smtp://127.0.0.1:${silent.port}`,
      mail: { timeouts: long, stopGraceMs: 50 },
    });
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(1)));
    a.mail.nudge();
    await until(async () => silent.sockets.length > 0, 'the worker to connect');
    // The worker is stuck in its send; a change that queues mail commits all the same.
    await writeTransaction(a.db, (trx) => queueMail(trx, mail(2)));
    expect(await countUnsent(a.db)).toBe(2);

    const started = Date.now();
    await a.close();
    expect(Date.now() - started).toBeLessThan(5000);
    const rows = await outboxRows(a);
    expect(rows.map((r) => [r.to_address, r.attempts, r.sent_at])).toEqual([
      ['shopper1@example.in', 0, null],
      ['shopper2@example.in', 0, null],
    ]);
  });

  it('a send abandoned at shutdown (server holding the message) goes out once on the next start', async () => {
    const d = await database();
    const server = await smtp({ mode: 'hold' });
    const first = await mailApp(d, { smtpUrl: server.url, mail: { stopGraceMs: 50 } });
    await writeTransaction(first.app.db, (trx) => queueMail(trx, mail(1)));
    first.app.mail.nudge();
    const [held] = await server.waitForHeld(1);
    await first.app.close();
    expect((await outboxRows(first.app))[0]).toMatchObject({ attempts: 0, sent_at: null });

    server.mode = 'accept';
    const { app: second } = await app(d, { smtpUrl: server.url });
    const [got] = await server.waitForReceived(1);
    expect(got!.messageId).toBe(held!.messageId);
    await until(async () => (await outboxRows(second))[0]?.sent_at, 'the row to be marked sent');
    await second.close();
    expect(server.received).toHaveLength(1);
  });
});
