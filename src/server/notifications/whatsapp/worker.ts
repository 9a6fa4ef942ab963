/**
 * Sends the WhatsApp outbox through the Cloud API (graph-api.ts) and applies the webhook's events
 * (inbox.ts), like the mail worker (../worker.ts, docs/decisions/014-outbox.md) and with its
 * claims (docs/decisions/031-whatsapp-channel.md):
 *
 * - PostgreSQL (several app processes): a message is claimed with SELECT … FOR UPDATE SKIP LOCKED
 *   in a transaction held while it is sent and its answer recorded, so no two processes send it;
 *   a killed process's lock goes with its connection and the message is due again.
 * - SQLite: one process per database file, and this worker sends one message at a time.
 *
 * Answers: accepted → sent_at and Meta's message id (the status webhooks name it); a rate limit →
 * the same message waits (rateLimitMs, doubling) and the pass stops; WhatsApp unreachable or
 * failing → retried with backoff, never given up; refused for good → failed, and the mail held
 * behind it goes out instead, once. Nothing is marked sent before Meta answered: a crash between
 * Meta's acceptance and the commit sends that message once more after the restart.
 */
import type { Kysely, Transaction } from 'kysely';
import { PollLoop, retryDelay, type WorkerLog } from '../../background/poll-loop.ts';
import type { Config } from '../../config.ts';
import type { Dialect } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import { nowIso } from '../../db/ids.ts';
import type { Database, Db, WhatsAppOutboxRow } from '../../db/tables.ts';
import type { InboxJobOptions } from './conversations/jobs.ts';
import { type SendOutcome, sendWhatsApp } from './graph-api.ts';
import { applyPendingEvents } from './inbox.ts';
import { contentOf, releaseFallbackMail } from './outbox.ts';
import type { WhatsAppSettings } from './settings.ts';

export interface WhatsAppWorkerOptions {
  /** How often the outbox and inbox are looked at without a nudge (ms). Default 1000. */
  pollMs?: number;
  /** Wait before the first retry when WhatsApp failed (ms); doubled after each further failure. Default 10 s. */
  backoffMs?: number;
  /** Wait after a rate limit (ms), doubled while it lasts. Default 60 s. */
  rateLimitMs?: number;
  /** Longest wait between attempts (ms). Default 1 hour. */
  maxBackoffMs?: number;
  /** One request's time limit (ms). Default 15 s. */
  requestTimeoutMs?: number;
  /** The inbox's media fetch and waiting summary (conversations/jobs.ts). */
  inbox?: InboxJobOptions;
}

type Outcome = 'none' | 'sent' | 'stop';

export class WhatsAppWorker {
  private readonly settings: WhatsAppSettings;
  private readonly backoffMs: number;
  private readonly rateLimitMs: number;
  private readonly maxBackoffMs: number;
  private readonly requestTimeoutMs: number;
  private readonly sending: PollLoop;
  /** Applying webhook events is its own loop: a reply never waits behind a slow send. */
  private readonly applying: PollLoop;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly config: Config,
    private readonly log: WorkerLog,
    /** Called after a commit that released a held mail or queued a message (wakes the workers). */
    private readonly onQueued: () => void,
    options: WhatsAppWorkerOptions = {},
    /** Called after a pass that kept shoppers' messages (their media is fetched now). */
    onKept: () => void = () => {},
  ) {
    if (!config.whatsapp) throw new Error('WhatsAppWorker needs the WhatsApp settings');
    this.settings = config.whatsapp;
    const everyMs = options.pollMs ?? 1000;
    this.sending = new PollLoop({ name: 'whatsapp worker', everyMs, log, pass: () => this.pass() });
    this.applying = new PollLoop({
      name: 'whatsapp worker: applying webhook events',
      everyMs,
      log,
      pass: async () => {
        const applied = await applyPendingEvents(this.db, this.config, this.log);
        if (applied.queued) this.onQueued();
        if (applied.kept) onKept();
      },
    });
    this.backoffMs = options.backoffMs ?? 10_000;
    this.rateLimitMs = options.rateLimitMs ?? 60_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  }

  start(): void {
    this.applying.start();
    this.sending.start();
  }

  nudge(): void {
    this.applying.nudge();
    this.sending.nudge();
  }

  /** The current passes, if any (tests wait for them rather than for time). */
  async idle(): Promise<void> {
    await Promise.all([this.sending.finished(), this.applying.finished()]);
  }

  /** No new sends; an in-flight request is aborted (its row is left as it was and goes out after a restart). */
  async stop(): Promise<void> {
    this.sending.stop();
    this.applying.stop();
    this.abort.abort();
    await this.idle();
  }

  private async pass(): Promise<void> {
    while (!this.sending.stopping) {
      const outcome = this.dialect === 'postgres' ? await this.sendOneClaimed() : await this.sendOneSqlite();
      if (outcome !== 'sent') return;
    }
  }

  private dueQuery(q: Kysely<Database> | Transaction<Database>) {
    return q
      .selectFrom('whatsapp_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', nowIso())
      .orderBy('next_attempt_at')
      .limit(1);
  }

  private async sendOneClaimed(): Promise<Outcome> {
    try {
      const { outcome, released } = await this.db.transaction().execute(async (trx) => {
        const row = await this.dueQuery(trx).forUpdate().skipLocked().executeTakeFirst();
        if (!row) return { outcome: 'none' as const, released: false };
        const answer = await this.deliver(row);
        return this.record(trx, row, answer);
      });
      if (released) this.onQueued();
      return outcome;
    } catch (err) {
      if (this.abort.signal.aborted) return 'stop';
      throw err;
    }
  }

  private async sendOneSqlite(): Promise<Outcome> {
    const row = await this.dueQuery(this.db).executeTakeFirst();
    if (!row) return 'none';
    let answer: SendOutcome;
    try {
      answer = await this.deliver(row);
    } catch (err) {
      if (this.abort.signal.aborted) return 'stop';
      throw err;
    }
    const { outcome, released } = await writeTransaction(this.db, (trx) => this.record(trx, row, answer));
    if (released) this.onQueued();
    return outcome;
  }

  private deliver(row: WhatsAppOutboxRow): Promise<SendOutcome> {
    return sendWhatsApp(this.settings, row.to_phone, contentOf(row), {
      signal: this.abort.signal,
      timeoutMs: this.requestTimeoutMs,
    });
  }

  private async record(
    trx: Transaction<Database>,
    row: WhatsAppOutboxRow,
    answer: SendOutcome,
  ): Promise<{ outcome: Outcome; released: boolean }> {
    const attempts = Number(row.attempts) + 1;
    const now = Date.now();
    if (answer.ok) {
      await trx
        .updateTable('whatsapp_outbox')
        .set({ sent_at: nowIso(now), attempts, last_error: null, wa_message_id: answer.messageId, status: 'accepted' })
        .where('id', '=', row.id)
        .execute();
      return { outcome: 'sent', released: false };
    }
    if (answer.kind === 'failed') {
      this.log.warn({ whatsappId: row.id, error: answer.error }, 'whatsapp message refused; its mail goes instead');
      await trx
        .updateTable('whatsapp_outbox')
        .set({ attempts, last_error: answer.error, status: 'failed', status_at: nowIso(now), failed_at: nowIso(now) })
        .where('id', '=', row.id)
        .execute();
      const released = await releaseFallbackMail(trx, row.id);
      // One refused message says nothing about the next: go on with the pass.
      return { outcome: 'sent', released };
    }
    const base = answer.kind === 'rate-limit' ? this.rateLimitMs : this.backoffMs;
    this.log.warn({ whatsappId: row.id, attempts, error: answer.error }, 'whatsapp message not sent; will retry');
    await trx
      .updateTable('whatsapp_outbox')
      .set({
        attempts,
        last_error: answer.error,
        next_attempt_at: nowIso(now + retryDelay(attempts, base, this.maxBackoffMs)),
      })
      .where('id', '=', row.id)
      .execute();
    return { outcome: 'stop', released: false };
  }
}
