/**
 * Every message a shopper sends the shop's WhatsApp number, kept in its conversation (issue 37;
 * docs/decisions/065-whatsapp-inbox.md): applied from the webhook's stored events (../inbox.ts),
 * once per Meta message id (the event's claim, and whatsapp_messages.wa_message_id unique).
 *
 * Meta's inbound message objects (developers.facebook.com/documentation/business-messaging/
 * whatsapp/webhooks/reference/messages): { from, id, timestamp (Unix seconds), type, <type>: … }:
 * text { body }; image / audio (voice: true for a voice note) / video / document (filename) /
 * sticker { id (the media id), mime_type, sha256, caption? }; location { latitude, longitude,
 * name?, address?, url? }; contacts [{ name: { formatted_name }, phones: [{ phone, wa_id }] }];
 * reaction { message_id, emoji } (an empty emoji takes a reaction back); button { payload, text };
 * interactive { button_reply | list_reply: { id, title } }; anything else as "unsupported".
 * The text is kept exactly as written (up to WhatsApp's 4,096 characters) and is only ever shown
 * as text; the media is fetched later by the media job (media-fetch.ts).
 */
import type { Transaction } from 'kysely';
import { LIVE_STATES } from '../../../../common/orders.ts';
import { newId, nowIso } from '../../../db/ids.ts';
import type { Database } from '../../../db/tables.ts';
import { fromWhatsAppNumber } from '../outbox.ts';

type Trx = Transaction<Database>;

/** WhatsApp's own limit on a text message; a longer body (not from WhatsApp) is cut here. */
export const TEXT_MAX = 4096;
const SMALL_MAX = 1000;

/** The types whose media the store fetches (media-fetch.ts). */
export const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;

export interface InboundMessage {
  id: string;
  from: string;
  timestamp?: unknown;
  type?: unknown;
  /** The sender's WhatsApp profile name (the webhook's contacts[]), added when the event was kept. */
  profile_name?: unknown;
  [key: string]: unknown;
}

/**
 * Text as it may be stored: PostgreSQL's text holds no NUL, so that one character becomes U+FFFD;
 * everything else (line breaks, RTL marks, control characters) is kept and shown as text.
 */
export function storableText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return Array.from(value.replaceAll(String.fromCharCode(0), '\uFFFD'))
    .slice(0, max)
    .join('');
}

/** Meta's timestamp, never later than now (a sender's clock cannot open the window for longer). */
export function messageTime(timestamp: unknown, now = Date.now()): string {
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || seconds <= 0) return nowIso(now);
  return nowIso(Math.min(now, seconds * 1000));
}

interface Kept {
  type: string;
  body: string;
  details: Record<string, unknown> | null;
  mediaId: string | null;
  mediaType: string | null;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** What of one message is kept: its type, its words, what else it carries, its media id. */
export function keptOf(m: InboundMessage): Kept {
  const type = typeof m.type === 'string' ? m.type : 'unsupported';
  const part = obj(m[type]);
  if (type === 'text')
    return { type, body: storableText(part.body, TEXT_MAX), details: null, mediaId: null, mediaType: null };
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const mediaId = typeof part.id === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(part.id) ? part.id : null;
    const details: Record<string, unknown> = {};
    if (typeof part.filename === 'string') details.filename = storableText(part.filename, 200);
    if (part.voice === true) details.voice = true;
    return {
      type,
      body: storableText(part.caption, TEXT_MAX),
      details,
      mediaId,
      mediaType: storableText(part.mime_type, 100) || null,
    };
  }
  if (type === 'location') {
    const lat = Number(part.latitude);
    const lng = Number(part.longitude);
    const details = {
      latitude: Number.isFinite(lat) ? lat : null,
      longitude: Number.isFinite(lng) ? lng : null,
      name: storableText(part.name, SMALL_MAX),
      address: storableText(part.address, SMALL_MAX),
      url: storableText(part.url, SMALL_MAX),
    };
    return {
      type,
      body: [details.name, details.address].filter(Boolean).join(', '),
      details,
      mediaId: null,
      mediaType: null,
    };
  }
  if (type === 'contacts') {
    const list = Array.isArray(m.contacts) ? m.contacts.slice(0, 10) : [];
    const contacts = list.map((c) => ({
      name: storableText(obj(obj(c).name).formatted_name, 200),
      phones: (Array.isArray(obj(c).phones) ? (obj(c).phones as unknown[]) : [])
        .slice(0, 5)
        .map((p) => storableText(obj(p).phone, 40)),
    }));
    return {
      type,
      body: contacts.map((c) => [c.name, ...c.phones].filter(Boolean).join(' ')).join('; '),
      details: { contacts },
      mediaId: null,
      mediaType: null,
    };
  }
  if (type === 'reaction') {
    return {
      type,
      body: storableText(part.emoji, 20),
      details: { messageId: storableText(part.message_id, 200) },
      mediaId: null,
      mediaType: null,
    };
  }
  if (type === 'button')
    return { type, body: storableText(part.text, SMALL_MAX), details: null, mediaId: null, mediaType: null };
  if (type === 'interactive') {
    const reply = obj(part.button_reply ?? part.list_reply);
    return { type, body: storableText(reply.title, SMALL_MAX), details: null, mediaId: null, mediaType: null };
  }
  return { type: 'unsupported', body: '', details: { type: storableText(type, 40) }, mediaId: null, mediaType: null };
}

/**
 * The conversation of a number, made on its first message (received `now`, sent `at`); linked to the
 * account with that phone. Its last time is the message's own, as the thread shows it: the list and
 * the thread never give one message two times.
 */
async function conversationFor(trx: Trx, waId: string, profileName: string, now: string, at: string) {
  const phone = fromWhatsAppNumber(waId);
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  await trx
    .insertInto('whatsapp_conversations')
    .values({ phone, wa_id: waId.replace(/\D/g, ''), created_at: now, last_at: at, user_id: user?.id ?? null })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  await trx
    .updateTable('whatsapp_conversations')
    .set({ user_id: user?.id ?? null, ...(profileName ? { profile_name: profileName } : {}) })
    .where('phone', '=', phone)
    .execute();
  return phone;
}

/** The number's newest order still on its way (linked to the message), if any. */
async function openOrder(trx: Trx, phone: string): Promise<string | null> {
  const row = await trx
    .selectFrom('orders')
    .select('id')
    .where('user_phone', '=', phone)
    .where('status', 'in', LIVE_STATES)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Keeps one shopper's message in its conversation (inside the event's claim). A message already
 * kept (the same Meta id) changes nothing. Returns the conversation's phone, or null for a repeat.
 */
export async function keepInbound(trx: Trx, m: InboundMessage): Promise<string | null> {
  const at = messageTime(m.timestamp);
  const now = nowIso();
  const phone = await conversationFor(trx, m.from, storableText(m.profile_name, 100), now, at);
  const kept = keptOf(m);
  const inserted = await trx
    .insertInto('whatsapp_messages')
    .values({
      id: newId(),
      phone,
      wa_message_id: m.id,
      direction: 'in',
      type: kept.type,
      body: kept.body,
      details: kept.details && Object.keys(kept.details).length > 0 ? JSON.stringify(kept.details) : null,
      order_id: await openOrder(trx, phone),
      at,
      created_at: now,
      ...(kept.mediaId
        ? { media_id: kept.mediaId, media_state: 'pending', media_type: kept.mediaType, media_next_at: now }
        : {}),
    })
    .onConflict((oc) => oc.column('wa_message_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
  const conv = await trx
    .selectFrom('whatsapp_conversations')
    .select(['last_at', 'last_inbound_at', 'waiting_since'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  // A reaction tells, it asks nothing: it does not keep the owner waiting nor reopen a done conversation.
  const asks = kept.type !== 'reaction';
  await trx
    .updateTable('whatsapp_conversations')
    .set((eb) => ({
      last_at: at > conv.last_at ? at : conv.last_at,
      last_inbound_at: !conv.last_inbound_at || at > conv.last_inbound_at ? at : conv.last_inbound_at,
      unread: eb('unread', '+', 1),
      ...(asks
        ? {
            waiting_since: conv.waiting_since && conv.waiting_since < at ? conv.waiting_since : at,
            done_at: null,
            done_by: null,
          }
        : {}),
    }))
    .where('phone', '=', phone)
    .execute();
  return phone;
}

/** An event that is not a message (a Confirm or Cancel tap's effect) in the number's thread. */
export async function keepEvent(
  trx: Trx,
  waId: string,
  event: { type: string; body: string; orderId: string | null },
): Promise<void> {
  const now = nowIso();
  const phone = fromWhatsAppNumber(waId);
  const exists = await trx
    .selectFrom('whatsapp_conversations')
    .select('phone')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!exists) return;
  await trx
    .insertInto('whatsapp_messages')
    .values({
      id: newId(),
      phone,
      direction: 'event',
      type: event.type,
      body: event.body,
      order_id: event.orderId,
      at: now,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('whatsapp_conversations')
    .set({ last_at: now, done_at: null, done_by: null })
    .where('phone', '=', phone)
    .execute();
}
