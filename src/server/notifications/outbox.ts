/**
 * The mail outbox (docs/decisions/014-outbox.md): a message is a row written in
 * the same transaction as the change it tells of, so it exists exactly when the
 * change does, and a worker (worker.ts) sends it later. Queueing is one INSERT:
 * a mail server that is down or slow never fails nor slows the change.
 */
import type { Kysely, Transaction } from 'kysely';
import { newId, nowIso } from '../db/ids.ts';
import { reusedQuery, slot } from '../db/reused-query.ts';
import { sentWithNext } from '../db/sent-with-next.ts';
import type { Database, Db } from '../db/tables.ts';

export interface QueuedMail {
  /** What the message is about (an OrderMailKind for order mail); for the dashboard and logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  orderId?: string | null;
  /**
   * The WhatsApp message this mail stands in for (whatsapp/outbox.ts): held, and sent only if
   * that message fails (docs/decisions/031-whatsapp-channel.md).
   */
  heldFor?: string | null;
}

/**
 * Compiled once (db/reused-query.ts): every order change that mails runs it. Nothing reads its
 * answer: on PostgreSQL it leaves with the transaction's next statement (db/sent-with-next.ts).
 */
const insertMail = reusedQuery((db) =>
  sentWithNext(
    db.insertInto('outbox').values({
      id: slot<string>('id'),
      kind: slot<string>('kind'),
      to_address: slot<string>('to'),
      subject: slot<string>('subject'),
      text_body: slot<string>('text'),
      html_body: slot<string>('html'),
      order_id: slot<string | null>('orderId'),
      held_for: slot<string | null>('heldFor'),
      created_at: slot<string>('now'),
      next_attempt_at: slot<string>('now'),
    }),
  ),
);

/** Writes the message into the outbox inside the caller's transaction; it goes out once that commits. */
export async function queueMail(trx: Kysely<Database> | Transaction<Database>, mail: QueuedMail): Promise<void> {
  await insertMail(trx, {
    id: newId(),
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    orderId: mail.orderId ?? null,
    heldFor: mail.heldFor ?? null,
    now: nowIso(),
  });
}

/** Messages not sent yet (waiting, retrying, or held because no SMTP_URL is set). */
export async function countUnsent(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sent_at', 'is', null)
    // A mail held for a WhatsApp message is not waiting: it goes out only if that message fails.
    .where('held_for', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UnsentMail {
  to: string;
  subject: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

/** The newest unsent messages first, for the dashboard. */
export async function listUnsent(db: Db, limit: number): Promise<UnsentMail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'created_at', 'attempts', 'last_error'])
    .where('sent_at', 'is', null)
    // A mail held for a WhatsApp message is not waiting: it goes out only if that message fails.
    .where('held_for', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    createdAt: r.created_at,
    attempts: Number(r.attempts),
    lastError: r.last_error,
  }));
}
