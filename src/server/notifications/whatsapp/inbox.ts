/**
 * The webhook's events (webhook-routes.ts): kept as received, then applied, each exactly once
 * (docs/decisions/031-whatsapp-channel.md).
 *
 * Meta's "messages" webhook (developers.facebook.com/documentation/business-messaging/whatsapp/
 * webhooks/reference/messages) posts { object: "whatsapp_business_account", entry: [{ id, changes:
 * [{ field: "messages", value: { messaging_product, metadata, contacts, messages?, statuses? } }] }] }.
 * - A quick-reply tap (…/messages/button/): messages[] { from, id, timestamp, type: "button",
 *   button: { payload, text }, context: { from, id } }; the payload is the one the store set on the
 *   button ("confirm:<order id>").
 * - A text (…/messages/text/): type "text", text: { body } (STOP takes consent back; a text with
 *   a "Get updates on WhatsApp" code proves the sender's number, proof-codes.ts).
 * - Any other message (image, audio, document, location, contacts, reaction…): kept in the
 *   shopper's conversation (conversations/inbound.ts), like every text and tap (issue 37).
 * - A status (…/messages/status/): statuses[] { id: the store's message's wamid, status: sent |
 *   delivered | read | failed, timestamp, recipient_id, errors?: [{ code, title, message }] }.
 * WhatsApp repeats a webhook it thinks was not received, and may send statuses out of order: each
 * event is keyed by its own id (a message's id; a status's wamid and status), and applying it
 * marks it applied in the same transaction as its effect.
 */

import type { Kysely, Transaction } from 'kysely';
import type { WhatsAppKind } from '../../../common/whatsapp-kinds.ts';
import { codeInText } from '../../../common/whatsapp-proof.ts';
import type { WorkerLog } from '../../background/poll-loop.ts';
import type { Config } from '../../config.ts';
import { nowIso } from '../../db/ids.ts';
import type { Database, Db } from '../../db/tables.ts';
import { orderForMessage } from '../../orders/message-read.ts';
import { cancelOrderByShopper } from '../../orders/shopper-cancel.ts';
import { FREE_TEXTS, fillBody, whatsappLanguage } from '../whatsapp-templates.ts';
import { withdrawByPhone } from './consent.ts';
import { type InboundMessage, keepEvent, keepInbound } from './conversations/inbound.ts';
import { queueShopperWhatsApp } from './daily-cap.ts';
import { dropFallbackMail, fromWhatsAppNumber, releaseFallbackMail } from './outbox.ts';
import { applyProofCode, type ProofResult } from './proof-codes.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export interface InboxEvent {
  id: string;
  /** reply: a quick-reply tap; text; message: any other message (kept in the inbox); status. */
  kind: 'reply' | 'text' | 'message' | 'status';
  body: unknown;
}

interface WebhookMessage {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  button?: { payload?: unknown };
  text?: { body?: unknown };
}
interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }>;
}

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

/**
 * The events of one webhook POST worth keeping; anything else in it is ignored. Only changes for
 * the shop's own number (`metadata.phone_number_id`) count: one Meta app may serve other numbers,
 * and their events (signed with the same app secret) must never confirm or cancel our orders.
 */
export function eventsOf(payload: unknown, phoneNumberId: string): InboxEvent[] {
  const events: InboxEvent[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return events;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value =
        (change as {
          field?: unknown;
          value?: {
            metadata?: { phone_number_id?: unknown };
            messages?: unknown;
            statuses?: unknown;
            contacts?: unknown;
          };
        }) ?? {};
      if (value.field !== 'messages' || !value.value) continue;
      if (value.value.metadata?.phone_number_id !== phoneNumberId) continue;
      const messages = Array.isArray(value.value.messages) ? (value.value.messages as WebhookMessage[]) : [];
      for (const m of messages) {
        if (typeof m?.id !== 'string' || typeof m.from !== 'string' || m.id.length > 200) continue;
        if (!/^[0-9]{6,20}$/.test(m.from)) continue;
        // The sender's profile name travels beside the message (contacts[]): kept with it for the inbox.
        const body = { ...m, profile_name: profileName(value.value.contacts, m.from) };
        if (m.type === 'button' && typeof m.button?.payload === 'string')
          events.push({ id: m.id, kind: 'reply', body });
        else if (m.type === 'text' && typeof m.text?.body === 'string') events.push({ id: m.id, kind: 'text', body });
        else events.push({ id: m.id, kind: 'message', body });
      }
      const statuses = Array.isArray(value.value.statuses) ? (value.value.statuses as WebhookStatus[]) : [];
      for (const s of statuses) {
        if (typeof s?.id !== 'string' || s.id.length > 200) continue;
        if (!STATUSES.includes(s.status as (typeof STATUSES)[number])) continue;
        events.push({ id: `${s.id}:${s.status}`, kind: 'status', body: s });
      }
    }
  }
  return events;
}

/** The webhook's contacts[] profile name of `waId`, if given. */
function profileName(contacts: unknown, waId: string): string | undefined {
  if (!Array.isArray(contacts)) return undefined;
  const c = contacts.find((x) => (x as { wa_id?: unknown })?.wa_id === waId) as
    | { profile?: { name?: unknown } }
    | undefined;
  return typeof c?.profile?.name === 'string' ? c.profile.name : undefined;
}

/** Keeps the events (a repeat is recognised by its id and kept once); one short transaction. */
export async function storeEvents(db: Db, events: readonly InboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('whatsapp_inbox')
    .values(events.map((e) => ({ id: e.id, kind: e.kind, body: JSON.stringify(e.body), received_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A status naming a message the store has not recorded yet (its send's answer is still on its way) waits this long. */
const UNMATCHED_STATUS_MS = 24 * 3_600_000;
const BATCH = 100;

/** Words that take consent back (the template's "Reply STOP", and the usual others). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'बंद']);

/** Applies what is pending; `queued` says a message or mail was queued or released (nudge the workers). */
export async function applyPendingEvents(
  db: Db,
  config: Config,
  log: WorkerLog,
): Promise<{ queued: boolean; kept: boolean }> {
  const pending = await db
    .selectFrom('whatsapp_inbox')
    .selectAll()
    .where('applied_at', 'is', null)
    .orderBy('received_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let queued = false;
  let kept = false;
  for (const event of pending) {
    const effect = await db.transaction().execute(async (trx) => {
      if (event.kind === 'status') {
        const known = await statusTarget(trx, event.body);
        // Not known yet: the send's answer may still be on its way; try again on a later pass.
        if (!known && Date.now() - Date.parse(event.received_at) < UNMATCHED_STATUS_MS) return 'wait' as const;
      }
      // The claim: only the transaction that marks it applied acts (a repeat, another process).
      const claimed = await trx
        .updateTable('whatsapp_inbox')
        .set({ applied_at: nowIso() })
        .where('id', '=', event.id)
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return 'none' as const;
      const body = JSON.parse(event.body) as WebhookMessage & WebhookStatus;
      if (event.kind === 'status') return applyStatus(trx, body);
      // Every shopper's message is kept in its conversation first (issue 37), then acted on.
      await keepInbound(trx, body as InboundMessage);
      if (event.kind === 'message') return 'kept' as const;
      if (event.kind === 'reply') return applyReply(trx, config, body, log);
      return applyText(trx, config, body);
    });
    if (effect === 'queued') queued = true;
    if (event.kind !== 'status' && effect !== 'wait') kept = true;
  }
  return { queued, kept };
}

async function statusTarget(trx: Trx, raw: string): Promise<{ id: string; status: string } | undefined> {
  const body = JSON.parse(raw) as WebhookStatus;
  return trx
    .selectFrom('whatsapp_outbox')
    .select(['id', 'status'])
    .where('wa_message_id', '=', String(body.id))
    .executeTakeFirst();
}

/** Statuses only move forward (read after delivered after sent); "failed" unless it already arrived. */
const RANK: Record<string, number> = { queued: 0, accepted: 1, sent: 2, delivered: 3, read: 4 };
const DELIVERED = 3;

type Effect = 'none' | 'queued' | 'wait' | 'kept';

async function applyStatus(trx: Transaction<Database>, body: WebhookStatus): Promise<Effect> {
  const target = await trx
    .selectFrom('whatsapp_outbox')
    .select(['id', 'status'])
    .where('wa_message_id', '=', String(body.id))
    .executeTakeFirst();
  if (!target) return 'none';
  const status = String(body.status);
  const at = nowIso();
  if (status === 'failed') {
    // A message that reached the phone (another device may still report a failure) stays delivered.
    if ((RANK[target.status] ?? 0) >= DELIVERED || target.status === 'failed') return 'none';
    const e = body.errors?.[0];
    const error = `WhatsApp status failed${typeof e?.code === 'number' ? ` code ${e.code}` : ''}: ${String(e?.message ?? e?.title ?? 'no reason given')}`;
    await trx
      .updateTable('whatsapp_outbox')
      .set({ status: 'failed', status_at: at, failed_at: at, last_error: error.slice(0, 500) })
      .where('id', '=', target.id)
      .execute();
    return (await releaseFallbackMail(trx, target.id)) ? 'queued' : 'none';
  }
  if (target.status === 'failed' || (RANK[status] ?? 0) <= (RANK[target.status] ?? 0)) return 'none';
  await trx.updateTable('whatsapp_outbox').set({ status, status_at: at }).where('id', '=', target.id).execute();
  if (status === 'delivered' || status === 'read') await dropFallbackMail(trx, target.id);
  return 'none';
}

async function queueFreeText(
  trx: Trx,
  config: Config,
  kind: WhatsAppKind,
  from: string,
  language: string | null | undefined,
  text: keyof typeof FREE_TEXTS,
  params: string[],
  orderId: string | null,
): Promise<Effect> {
  const lang = whatsappLanguage(language);
  const body = fillBody(FREE_TEXTS[text][lang], params);
  // An answer to the shopper's own message: inside the 24-hour window, so free-form text is allowed
  // (counted in the number's day like any other message).
  const id = await queueShopperWhatsApp(trx, config, {
    kind,
    to: `+${from.replace(/\D/g, '')}`,
    content: { template: null, language: lang, text: body },
    preview: body,
    orderId,
  });
  return id === null ? 'none' : 'queued';
}

async function applyReply(
  trx: Transaction<Database>,
  config: Config,
  body: WebhookMessage,
  log: WorkerLog,
): Promise<Effect> {
  const from = String(body.from);
  const match = /^(confirm|cancel):([A-Za-z0-9_-]{1,64})$/.exec(String(body.button?.payload));
  if (!match) return 'none';
  const [, action, orderId] = match as unknown as [string, 'confirm' | 'cancel', string];
  const order = await orderForMessage(trx)
    .select('orders.shopper_confirmed_at')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  // Only the order's own phone acts on it (a forwarded message's button does nothing).
  if (!order || order.user_phone !== fromWhatsAppNumber(from)) {
    log.warn(
      { orderId, from: fromWhatsAppNumber(from).slice(-4) },
      'whatsapp reply for an order of another phone ignored',
    );
    return 'none';
  }
  if (action === 'confirm') {
    if (order.status === 'cancelled' || order.shopper_confirmed_at !== null) return 'none';
    // Conditional, like the claim: a second confirmation racing this one changes nothing and says nothing.
    const confirmed = await trx
      .updateTable('orders')
      .set({ shopper_confirmed_at: nowIso() })
      .where('id', '=', order.id)
      .where('shopper_confirmed_at', 'is', null)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) === 0) return 'none';
    await keepEvent(trx, from, {
      type: 'confirmed',
      body: `Order ${order.number} confirmed by the shopper with WhatsApp’s Confirm button`,
      orderId: order.id,
    });
    return queueFreeText(trx, config, 'reply-confirmed', from, order.language, 'confirmed', [order.number], order.id);
  }
  const result = await cancelOrderByShopper(trx, config, order.id, 'Cancelled by the shopper on WhatsApp');
  if (result === 'cancelled') {
    // The owner sees it in the thread and in Needs you (issue 37), not only as the order's state.
    await keepEvent(trx, from, {
      type: 'cancelled',
      body: `Order ${order.number} cancelled by the shopper with WhatsApp’s Cancel button`,
      orderId: order.id,
    });
    return 'queued';
  }
  if (result === 'too-late') {
    return queueFreeText(
      trx,
      config,
      'reply-not-cancellable',
      from,
      order.language,
      'notCancellable',
      [order.number],
      order.id,
    );
  }
  return 'none';
}

/** The answer to a text carrying a code (the window is open: the shopper just wrote). */
const PROOF_ANSWERS: Record<ProofResult, keyof typeof FREE_TEXTS> = {
  proven: 'proven',
  'other-number': 'proofOtherNumber',
  unknown: 'proofUnknown',
};

async function applyText(trx: Transaction<Database>, config: Config, body: WebhookMessage): Promise<Effect> {
  const text = String(body.text?.body);
  const words = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const from = String(body.from);
  const phone = fromWhatsAppNumber(from);
  const user = await trx.selectFrom('users').select('language').where('phone', '=', phone).executeTakeFirst();
  const code = STOP_WORDS.has(words) ? null : codeInText(text);
  if (code !== null) {
    const result = await applyProofCode(trx, from, code);
    return queueFreeText(trx, config, `proof-${result}`, from, user?.language, PROOF_ANSWERS[result], [], null);
  }
  if (!STOP_WORDS.has(words)) return 'none';
  const stopped = await withdrawByPhone(trx, phone);
  if (stopped === 0) return 'none';
  return queueFreeText(trx, config, 'reply-stopped', from, user?.language, 'stopped', [], null);
}
