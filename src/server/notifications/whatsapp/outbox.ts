/**
 * WhatsApp's side of the outbox (docs/decisions/014-outbox.md, 031-whatsapp-channel.md): a
 * message is a row written in the transaction of the change it tells of, and the WhatsApp worker
 * (worker.ts) sends it later. A mail may stand in for it (outbox.held_for): held while WhatsApp
 * may still deliver, released once if the message fails, dropped once it was delivered.
 */

import type { Kysely, Transaction } from 'kysely';
import type { WhatsAppKind } from '../../../common/whatsapp-kinds.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { Database, Db } from '../../db/tables.ts';
import type { WhatsAppContent } from './graph-api.ts';

type Trx = Kysely<Database> | Transaction<Database>;

/**
 * A shop phone number in E.164 (+919876543210): the store keeps Indian numbers as 10 digits;
 * WhatsApp's webhooks give them as 919876543210.
 */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+91${digits}` : `+${digits}`;
}

/** The store's form of a number WhatsApp names (919876543210 → 9876543210). */
export function fromWhatsAppNumber(waId: string): string {
  const digits = waId.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

export interface QueuedWhatsApp {
  /** What it is about (an order message kind, or a reply's), for the dashboard and logs. */
  kind: WhatsAppKind;
  /** E.164. */
  to: string;
  content: WhatsAppContent;
  /** The message as the shopper reads it. */
  preview: string;
  orderId?: string | null;
}

/** Writes the message inside the caller's transaction; returns its id (for a mail held behind it). */
export async function queueWhatsApp(trx: Trx, message: QueuedWhatsApp): Promise<string> {
  const now = nowIso();
  const id = newId();
  const { content } = message;
  await trx
    .insertInto('whatsapp_outbox')
    .values({
      id,
      kind: message.kind,
      to_phone: message.to,
      template: content.template,
      language: content.language,
      params: JSON.stringify(
        content.template === null ? { text: content.text } : { body: content.body, buttons: content.buttons },
      ),
      preview: message.preview,
      order_id: message.orderId ?? null,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
  return id;
}

/** The row's content as the Graph API client takes it. */
export function contentOf(row: { template: string | null; language: string; params: string }): WhatsAppContent {
  const params = JSON.parse(row.params) as { body?: string[]; buttons?: string[]; text?: string };
  return row.template === null
    ? { template: null, language: row.language, text: params.text ?? '' }
    : { template: row.template, language: row.language, body: params.body ?? [], buttons: params.buttons ?? [] };
}

/**
 * The message failed for good: its mail (if the shopper gave an email) goes out instead, now.
 * Once: the first call clears held_for, so a repeated failure finds nothing to release.
 * Returns whether a mail was released (the caller nudges the mail worker after the commit).
 */
export async function releaseFallbackMail(trx: Trx, whatsappId: string): Promise<boolean> {
  const released = await trx
    .updateTable('outbox')
    .set({ held_for: null, next_attempt_at: nowIso() })
    .where('held_for', '=', whatsappId)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) > 0;
}

/** The message reached the shopper's phone: the mail behind it is not needed. */
export async function dropFallbackMail(trx: Trx, whatsappId: string): Promise<void> {
  await trx.deleteFrom('outbox').where('held_for', '=', whatsappId).where('sent_at', 'is', null).execute();
}

/** How far back the dashboard lists failed messages: older failures no longer need the owner. */
export const FAILED_SHOWN_DAYS = 7;

export interface FailedWhatsApp {
  /** E.164. */
  to: string;
  kind: string;
  failedAt: string;
  /** Meta's answer or status error, as the worker or webhook recorded it. */
  reason: string | null;
}

/**
 * WhatsApp messages that failed for good in the last FAILED_SHOWN_DAYS (refused by Meta, or a
 * "failed" status), newest first, for the dashboard; and how many there are.
 */
export async function listFailedWhatsApp(db: Db, limit: number, now = Date.now()) {
  const since = nowIso(now - FAILED_SHOWN_DAYS * 86_400_000);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('whatsapp_outbox')
      .select(['to_phone', 'kind', 'failed_at', 'last_error'])
      .where('failed_at', '>=', since)
      .orderBy('failed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('whatsapp_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('failed_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  const messages: FailedWhatsApp[] = rows.map((r) => ({
    to: r.to_phone,
    kind: r.kind,
    failedAt: r.failed_at ?? '',
    reason: r.last_error,
  }));
  return { messages, count: Number(count.n) };
}
