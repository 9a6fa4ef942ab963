/**
 * Sends the outbox (docs/decisions/014-outbox.md) through SMTP with nodemailer.
 *
 * One message at a time, oldest due first. A failed send is kept with its
 * error, one more attempt and a later next_attempt_at (exponential backoff); a
 * pass stops at the first failure (the server is most likely down) and the
 * next poll goes on. Nothing here is on an order's path: an order only inserts
 * a row, and nudge() merely wakes this worker.
 *
 * Exactly once, as far as mail allows:
 * - PostgreSQL (several app processes): the message is claimed with SELECT …
 *   FOR UPDATE SKIP LOCKED in a transaction held while it is sent and marked
 *   sent, so another process skips it, and a killed process's lock goes with
 *   its connection: the message is due again at once.
 * - SQLite: one process per database file (the store never runs two on one
 *   file), and this in-process worker sends one message at a time, so no claim
 *   is needed. Sending is outside any transaction there: SQLite has one writer,
 *   and orders must never wait for a mail server.
 * A crash after the server accepted a message and before it was marked sent
 * sends it again on the next start; its Message-ID (the outbox id) is the same,
 * so the resend can be recognised. Nothing is marked sent before it was sent.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { PollLoop, retryDelay, type WorkerLog } from '../background/poll-loop.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db, OutboxRow } from '../db/tables.ts';

export interface MailWorkerOptions {
  /** How often the outbox is looked at without a nudge (ms). Default 1000. */
  pollMs?: number;
  /** Wait before the first retry (ms); doubled after every further failure. Default 10 s. */
  backoffMs?: number;
  /** Longest wait between retries (ms). Default 1 hour. */
  maxBackoffMs?: number;
  /** At shutdown, how long an in-flight send may finish before it is abandoned (ms). Default 1000. */
  stopGraceMs?: number;
  /** SMTP transport timeouts (ms): connection 10 s, greeting 10 s, socket inactivity 30 s by default. */
  timeouts?: { connectionMs?: number; greetingMs?: number; socketMs?: number };
}

/** The Message-ID of an outbox row: the same on every attempt, so a resend can be recognised. */
export function outboxMessageId(outboxId: string, shopEmail: string): string {
  const domain = shopEmail.split('@')[1] ?? 'localhost';
  return `<${outboxId}.outbox@${domain}>`;
}

const LAST_ERROR_MAX = 500;

function describeError(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; response?: unknown };
  const parts = [e?.code, e?.message ?? String(err), e?.response].filter(
    (p, i, all) => typeof p === 'string' && p !== '' && all.indexOf(p) === i,
  );
  return parts.join(': ').slice(0, LAST_ERROR_MAX);
}

type Outcome = 'none' | 'sent' | 'failed' | 'abandoned';

class Abandoned extends Error {}

export class MailWorker {
  private readonly transport: Transporter;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly stopGraceMs: number;
  private readonly from: { name: string; address: string };
  private readonly loop: PollLoop;
  private inFlight: AbortController | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly config: Config,
    private readonly log: WorkerLog,
    options: MailWorkerOptions = {},
  ) {
    if (!config.smtpUrl) throw new Error('MailWorker needs SMTP_URL');
    this.loop = new PollLoop({ name: 'mail worker', everyMs: options.pollMs ?? 1000, log, pass: () => this.pass() });
    this.backoffMs = options.backoffMs ?? 10_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    this.stopGraceMs = options.stopGraceMs ?? 1000;
    this.from = { name: config.shop.name, address: config.shop.email };
    // One connection per message: mail is a few hundred a day, and nothing stays open between sends.
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: options.timeouts?.connectionMs ?? 10_000,
      greetingTimeout: options.timeouts?.greetingMs ?? 10_000,
      socketTimeout: options.timeouts?.socketMs ?? 30_000,
      dnsTimeout: 10_000,
    });
  }

  /** Starts polling and sends what is due now. */
  start(): void {
    this.loop.start();
  }

  /** Looks at the outbox now (after a transaction that queued mail committed). */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Stops: no new sends; an in-flight send gets `stopGraceMs` to finish, then
   * is abandoned (its connection closed before the message completed, so the
   * server drops it; the row is left as it was and goes out on the next start).
   */
  async stop(): Promise<void> {
    this.loop.stop();
    if (!(await this.loop.finished(this.stopGraceMs))) {
      this.inFlight?.abort(new Abandoned('the store is shutting down'));
      await this.loop.finished(2000);
    }
    this.transport.close();
  }

  /** Sends due messages one by one until none is due, one fails, or the worker stops. */
  private async pass(): Promise<void> {
    while (!this.loop.stopping) {
      const outcome = this.dialect === 'postgres' ? await this.sendOneClaimed() : await this.sendOneSqlite();
      if (outcome !== 'sent') return;
    }
  }

  private dueQuery(q: Kysely<Database> | Transaction<Database>) {
    return dueMailQuery(q, nowIso());
  }

  /** PostgreSQL: claim, send and record in one transaction (see the top of the file). */
  private async sendOneClaimed(): Promise<Outcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await this.dueQuery(trx).forUpdate().skipLocked().executeTakeFirst();
        if (!row) return 'none';
        const error = await this.deliver(row);
        await this.record(trx, row, error);
        return error === null ? 'sent' : 'failed';
      });
    } catch (err) {
      // Abandoned at shutdown: the rollback released the row as it was.
      if (err instanceof Abandoned) return 'abandoned';
      throw err;
    }
  }

  /** SQLite: this process is the only sender (see the top of the file). */
  private async sendOneSqlite(): Promise<Outcome> {
    const row = await this.dueQuery(this.db).executeTakeFirst();
    if (!row) return 'none';
    let error: string | null;
    try {
      error = await this.deliver(row);
    } catch (err) {
      if (err instanceof Abandoned) return 'abandoned';
      throw err;
    }
    await writeTransaction(this.db, (trx) => this.record(trx, row, error));
    return error === null ? 'sent' : 'failed';
  }

  /** Sends one message: null when the server took it, else the error; throws Abandoned at shutdown. */
  private async deliver(row: OutboxRow): Promise<string | null> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: outboxMessageId(row.id, this.config.shop.email),
        date: new Date(row.created_at),
        signal: controller.signal,
      });
      return null;
    } catch (err) {
      if (controller.signal.aborted) throw new Abandoned('abandoned at shutdown');
      const error = describeError(err);
      this.log.warn({ outboxId: row.id, attempts: Number(row.attempts) + 1, error }, 'mail not sent; will retry');
      return error;
    } finally {
      this.inFlight = null;
    }
  }

  private async record(trx: Transaction<Database>, row: OutboxRow, error: string | null): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    const now = Date.now();
    await trx
      .updateTable('outbox')
      .set(
        error === null
          ? { sent_at: nowIso(now), attempts, last_error: null }
          : {
              attempts,
              last_error: error,
              next_attempt_at: nowIso(now + retryDelay(attempts, this.backoffMs, this.maxBackoffMs)),
            },
      )
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * The oldest message due and not held. The partial index outbox_due gives this order as it is (no
 * sort, however long the queue). "Not held" is written as `(held_for is null) = true`, which no index
 * answers: written plainly, SQLite took `held_for is null` for a look-up in outbox_held_for, read every
 * unheld unsent row and sorted them, 11-25 ms per message sent with 9,000 waiting, in the thread that
 * takes orders (decision 073).
 */
export function dueMailQuery(q: Kysely<Database> | Transaction<Database>, now: string) {
  return (
    q
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      // Held for a WhatsApp message (whatsapp/outbox.ts): released, once, only if that one fails.
      .where(sql<boolean>`(${sql.ref('held_for')} is null)`, '=', sql.lit(true))
      .orderBy('next_attempt_at')
      .limit(1)
  );
}
